import { useId, useState } from "react";
import { ACCOUNT_MESSAGES, detailsSchema, TITLES } from "../../../domain/account";
import { FormStatus, SelectField, TextField, useFormSubmit, useSchemaForm } from "../../components/form-field";
import { fetchMe, updateMe } from "../../lib/account-api";
import { ApiResponseError } from "../../lib/api-client";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/details";
import { WHILE_SCRIPTS_LOAD } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "Your details | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

const EMPTY = { title: "", firstname: "", lastname: "", email: "", telephone: "" };

export default function DetailsPage() {
  const formId = useId();
  const form = useSchemaForm(detailsSchema, EMPTY);
  const { setValues } = form;
  const [loaded, setLoaded] = useState(false);
  const save = async () => {
    await updateMe(form.parsed());
    return { ok: true, text: ACCOUNT_MESSAGES.detailsUpdated };
  };
  const { status, setStatus, busy, onSubmit } = useFormSubmit(form, formId, save, (error) => {
    if (!(error instanceof ApiResponseError)) return { ok: false, text: ACCOUNT_MESSAGES.networkError };
    form.setErrors(error.errors);
    return { ok: false, text: error.serverMessage ?? ACCOUNT_MESSAGES.detailsFailed };
  });

  // Spec section 2: without a token the details page sends the visitor home.
  useSignedInLoad(
    (_userId, signal) =>
      void fetchMe(signal).then(
        (me) => {
          setValues({ title: me.title ?? "", firstname: me.firstname, lastname: me.lastname, email: me.email, telephone: me.telephone });
          setLoaded(true);
        },
        (error: unknown) => {
          if ((error as Error).name !== "AbortError") setStatus({ ok: false, text: ACCOUNT_MESSAGES.networkError });
        },
      ),
    { signedOutTo: "/" },
  );


  // The form is drawn at once, its fields disabled until the saved details arrive.
  return (
    <section aria-labelledby="details-heading" className="max-w-2xl">
      <h1 id="details-heading" className="text-3xl font-bold">Your details</h1>
      <form method="post" id={formId} onSubmit={onSubmit} noValidate aria-label="Your details" aria-busy={!loaded} className="mt-6 grid gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        <SelectField label="Title" className="sm:col-span-2 sm:max-w-40" options={[{ value: "", label: "Choose…" }, ...TITLES.map((t) => ({ value: t, label: t }))]} disabled={!loaded} {...form.field("title")} />
        <TextField label="First name" autoComplete="given-name" required disabled={!loaded} {...form.field("firstname")} />
        <TextField label="Last name" autoComplete="family-name" required disabled={!loaded} {...form.field("lastname")} />
        <TextField label="Email" type="email" autoComplete="email" required disabled={!loaded} {...form.field("email")} />
        <TextField label="Mobile telephone" type="tel" autoComplete="tel" required disabled={!loaded} {...form.field("telephone")} />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <button type="submit" className="btn-primary px-6" disabled={busy || !loaded}>
            {busy ? "Saving…" : "Save details"}
          </button>
          {loaded || status ? <FormStatus status={status} /> : <p role="status" className={`text-sm text-slate-600 ${WHILE_SCRIPTS_LOAD}`}>Loading your details…</p>}
        </div>
      </form>
    </section>
  );
}
