import { useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ACCOUNT_MESSAGES, signupFormSchema, TITLES } from "../../../domain/account";
import { FormStatus, SelectField, TextField, useSchemaForm } from "../../components/form-field";
import { login, signup } from "../../lib/account-api";
import { ApiResponseError } from "../../lib/api-client";
import { storeSession, useIsLoggedIn } from "../../lib/auth";
import type { Route } from "./+types/signup";
import { NeedsJavaScript } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "Create an account | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

const EMPTY = { title: "", firstname: "", lastname: "", email: "", telephone: "", password: "", confirmPassword: "" };

export default function SignupPage() {
  const navigate = useNavigate();
  const formId = useId();
  const loggedIn = useIsLoggedIn();
  const form = useSchemaForm(signupFormSchema, EMPTY);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (loggedIn && !busy) navigate("/my-account", { replace: true });
  }, [loggedIn, busy, navigate]);

  const fail = (text: string) => {
    setStatus({ ok: false, text });
    window.alert(text);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!form.check(formId)) return;
    const { confirmPassword: _confirm, ...payload } = form.parsed();
    setBusy(true);
    try {
      let session;
      try {
        session = await signup({ ...payload, site: "printwise" });
      } catch (error) {
        if (error instanceof ApiResponseError && Object.keys(error.errors).length > 0) {
          form.setErrors(error.errors);
          setStatus({ ok: false, text: error.serverMessage ?? ACCOUNT_MESSAGES.signupFailed });
          return;
        }
        fail(error instanceof ApiResponseError ? (error.serverMessage ?? ACCOUNT_MESSAGES.signupFailed) : ACCOUNT_MESSAGES.networkError);
        return;
      }
      // The sign-up answers a token; an older server that does not is signed in to straight after.
      if (!session.token) {
        try {
          session = await login(payload.email, payload.password);
        } catch {
          fail(ACCOUNT_MESSAGES.loginFailedAfterSignup);
          return;
        }
      }
      storeSession(session);
      navigate("/my-account");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container-page max-w-2xl py-10">
      <h1 className="text-3xl font-bold">Create an account</h1>
      <NeedsJavaScript className="mt-4">Creating an account needs JavaScript. Please turn it on to sign up.</NeedsJavaScript>
      <p className="mt-2 text-slate-600">
        Already registered?{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Log in
        </Link>
      </p>
      <form method="post" id={formId} onSubmit={onSubmit} noValidate aria-label="Registration" className="mt-6 grid gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
        <SelectField label="Title" className="sm:col-span-2 sm:max-w-40" options={[{ value: "", label: "Choose…" }, ...TITLES.map((t) => ({ value: t, label: t }))]} {...form.field("title")} />
        <TextField label="First name" autoComplete="given-name" required {...form.field("firstname")} />
        <TextField label="Last name" autoComplete="family-name" required {...form.field("lastname")} />
        <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
        <TextField label="Mobile telephone" type="tel" autoComplete="tel" required hint="A UK mobile, e.g. 07700 900123" {...form.field("telephone")} />
        <TextField label="Password" type="password" autoComplete="new-password" required hint="At least 6 characters, not a common password" {...form.field("password")} />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...form.field("confirmPassword")} />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <button type="submit" className="btn-primary px-6" disabled={busy}>
            {busy ? "Creating your account…" : "Create account"}
          </button>
          <FormStatus status={status} />
        </div>
      </form>
    </div>
  );
}
