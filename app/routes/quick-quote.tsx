import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { TITLES } from "../../domain/account";
import { guestQuickQuoteSchema, QUICK_QUOTE_MAX_FILE_BYTES, QUICK_QUOTE_MAX_FILES, QUOTE_MESSAGES, quickQuoteRequestSchema } from "../../domain/quote";
import { FormStatus, SelectField, TextField, useFormSubmit, useSchemaForm } from "../components/form-field";
import { fetchMe, type Me } from "../lib/account-api";
import { ApiResponseError } from "../lib/api-client";
import { storeSession, useIsLoggedIn } from "../lib/auth";
import { sendGuestQuoteRequest, sendQuoteRequest } from "../lib/quotes-api";
import { startResumableUpload, type ResumableProgress } from "../lib/resumable-upload";
import { formatFileSize, UPLOAD_MESSAGES } from "../../domain/uploads";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/quick-quote";
import { NeedsJavaScript } from "../components/needs-javascript";

export const meta: Route.MetaFunction = () => [
  { title: "Quick Quote | Printwise Trade Print" },
  { name: "description", content: "Ask Printwise Trade Print to price work the online configurator cannot: special sizes, materials, finishes and large runs. We reply within one working day." },
];

const FILE_TYPES = ".pdf,.jpg,.jpeg,.png,.tif,.tiff,.webp,application/pdf,image/jpeg,image/png,image/tiff,image/webp";

/** Quick Quote: for work the configurator cannot price, a request a manager prices; the quote comes by email. */
export default function QuickQuotePage() {
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">Quick Quote</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Something our product pages cannot price: a special size or material, a finish, a large run? Tell us what you need and we will email you a quote within one working day, held for 30 days. Order it from your account in a few clicks.
      </p>
      <div className="mt-8 max-w-3xl">
        <NeedsJavaScript className="mb-4">Sending a quote request needs JavaScript. Please turn it on to send your request.</NeedsJavaScript>
        <RequestForm />
      </div>
    </div>
  );
}

/** The signed-in customer's details, for the line that says where the quote goes. */
function useMe(enabled: boolean): Me | null {
  const [me, setMe] = useState<Me | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    fetchMe(controller.signal)
      .then(setMe)
      .catch(() => {});
    return () => controller.abort();
  }, [enabled]);
  return me;
}

const JOB_FIELDS = { productKind: "", size: "", quantity: "", material: "", deadline: "", notes: "" };
const CONTACT_FIELDS = { title: "", firstname: "", lastname: "", email: "", telephone: "", password: "", confirmPassword: "" };

/**
 * One form for everyone, working from its first byte (docs/decisions/042-quick-quote-for-guests.md). A guest
 * also gives checkout's contact details and the account is made at submit, as at checkout; a signed-in
 * customer's details are theirs already. Before the script runs, the <html data-auth> mark shows the right part.
 */
function RequestForm() {
  const formId = useId();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  // Decided once, as at checkout: a guest whose account is made at submit stays on the guest path until the page is left.
  const [guest, setGuest] = useState<boolean | null>(null);
  useEffect(() => {
    if (hydrated && guest === null) setGuest(!loggedIn);
  }, [hydrated, loggedIn, guest]);
  const asGuest = guest ?? !loggedIn;
  const form = useSchemaForm(asGuest ? guestQuickQuoteSchema : quickQuoteRequestSchema, { ...JOB_FIELDS, ...CONTACT_FIELDS });
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ held: number; total: number; phase: ResumableProgress["phase"] } | null>(null);

  const me = useMe(guest === false);

  // The files in the box at the moment of sending: a file chosen before the page's script ran counts too.
  const chosenFiles = () => Array.from(fileInput.current?.files ?? []);
  const problemWith = (chosen: File[]) => {
    if (chosen.length > QUICK_QUOTE_MAX_FILES) return `Attach at most ${QUICK_QUOTE_MAX_FILES} files.`;
    if (chosen.some((file) => file.size > QUICK_QUOTE_MAX_FILE_BYTES)) return `Each file must be at most ${QUICK_QUOTE_MAX_FILE_BYTES / (1024 * 1024)} MB.`;
    return null;
  };
  const job = () => Object.fromEntries(Object.keys(JOB_FIELDS).map((name) => [name, form.values[name] ?? ""]));

  const sendAsGuest = async (files: File[], total: number) => {
    const contact = Object.fromEntries(Object.keys(CONTACT_FIELDS).map((name) => [name, form.values[name] ?? ""]));
    const answer = await sendGuestQuoteRequest({ ...job(), ...contact }, files, (sent) => setProgress({ held: Math.min(sent, total), total, phase: "sending" }));
    storeSession({ token: answer.token, userId: answer.userId });
    return answer.quote;
  };
  const sendSignedIn = async (files: File[], total: number) => {
    // Each file goes first as a resumable upload (a dropped connection carries on); the request then names them.
    const uploadIds: string[] = [];
    let before = 0;
    for (const file of files) {
      const upload = startResumableUpload({ purpose: "quote-file", target: {}, file, onProgress: (p) => setProgress({ held: before + p.heldBytes, total, phase: p.phase }) });
      uploadIds.push((await upload.done).id);
      before += file.size;
    }
    return sendQuoteRequest(job(), uploadIds);
  };

  const send = async () => {
    const files = chosenFiles();
    const problem = problemWith(files);
    if (problem) {
      setFileProblem(problem);
      return { ok: false, text: problem };
    }
    const total = files.reduce((sum, file) => sum + file.size, 0);
    setProgress({ held: 0, total, phase: "starting" });
    try {
      const quote = asGuest ? await sendAsGuest(files, total) : await sendSignedIn(files, total);
      navigate(`/my-account/quotes/${quote.id}`);
      return { ok: true, text: `Request ${quote.number} sent.` };
    } finally {
      setProgress(null);
    }
  };
  const { status, busy, onSubmit } = useFormSubmit(form, formId, send, (error) => {
    if (error instanceof ApiResponseError) {
      if (Object.keys(error.errors).length > 0) form.setErrors(error.errors);
      return { ok: false, text: error.message };
    }
    return { ok: false, text: "Network error. Please try again." };
  });

  const chooseFiles = (list: FileList | null) => setFileProblem(problemWith(Array.from(list ?? [])));
  const emailTaken = form.errors.email === QUOTE_MESSAGES.guestEmailTaken;

  const notes = form.field("notes");
  return (
    <form method="post" id={formId} onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label="Quick Quote request">
      {guest !== false ? (
        <fieldset className={guest === null ? "when-signed-out" : undefined}>
          <legend className="text-lg font-bold">Your details</legend>
          <p className="mb-4 mt-1 text-sm text-slate-600">
            We create your account with these details, so you can follow your quote and order it. Already have one?{" "}
            <Link to="/login?next=/quick-quote" className="font-semibold text-brand-700 hover:underline">
              Log in
            </Link>
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label="Title" className="sm:col-span-2 sm:max-w-40" options={[{ value: "", label: "Choose…" }, ...TITLES.map((t) => ({ value: t, label: t }))]} {...form.field("title")} />
            <TextField label="First name" autoComplete="given-name" required {...form.field("firstname")} />
            <TextField label="Last name" autoComplete="family-name" required {...form.field("lastname")} />
            <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
            <TextField label="Telephone" type="tel" autoComplete="tel" required hint="A UK mobile, e.g. 07700 900123" {...form.field("telephone")} />
            <TextField label="Password" type="password" autoComplete="new-password" required hint="At least 6 characters" {...form.field("password")} />
            <TextField label="Confirm password" type="password" autoComplete="new-password" required {...form.field("confirmPassword")} />
          </div>
          {emailTaken ? (
            <p className="mt-2 text-sm">
              <Link to="/login?next=/quick-quote" className="font-semibold text-brand-700 underline">
                Log in to send your request
              </Link>
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {guest !== true ? (
        <p className={`text-sm text-slate-700 ${guest === null ? "when-signed-in" : ""}`} data-testid="quote-contact">
          {me ? (
            <>
              We will send the quote to {me.firstname} {me.lastname}, {me.email}, {me.telephone}.{" "}
              <Link to="/my-account/details" className="font-semibold text-brand-700 hover:underline">
                Change your details
              </Link>
            </>
          ) : (
            "We will send the quote to the email address of your account."
          )}
        </p>
      ) : null}
      <TextField label="What would you like printed?" required hint="For example: hoarding panels, a shop-front fascia, printed fabric backdrop" {...form.field("productKind")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Size" required hint="Width × height, with units" {...form.field("size")} />
        <TextField label="Quantity" required inputMode="numeric" {...form.field("quantity")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Material or finish" hint="If you know it; we can suggest one" {...form.field("material")} />
        <TextField label="Needed by" type="date" {...form.field("deadline")} />
      </div>
      <div>
        <label htmlFor={`${formId}-notes`} className="field-label">
          Anything else we should know
        </label>
        <textarea
          id={`${formId}-notes`}
          name={notes.name}
          value={notes.value}
          onChange={(event) => notes.onChange(event as unknown as React.ChangeEvent<HTMLInputElement>)}
          rows={5}
          className="field-input"
          aria-invalid={notes.error ? true : undefined}
        />
        {notes.error ? <p className="mt-1 text-sm text-red-700">{notes.error}</p> : null}
      </div>
      <div>
        <label htmlFor={`${formId}-files`} className="field-label">
          Files (optional)
        </label>
        <input ref={fileInput} id={`${formId}-files`} type="file" multiple accept={FILE_TYPES} onChange={(event) => chooseFiles(event.target.files)} className="block w-full text-sm" aria-describedby={`${formId}-files-hint`} />
        <p id={`${formId}-files-hint`} className={`mt-1 text-xs ${fileProblem ? "text-red-700" : "text-slate-500"}`}>
          {fileProblem ?? `Drawings, photos or artwork: up to ${QUICK_QUOTE_MAX_FILES} PDF, JPEG, PNG, TIFF or WebP files, ${QUICK_QUOTE_MAX_FILE_BYTES / (1024 * 1024)} MB each.`}
        </p>
      </div>
      {progress !== null && progress.total > 0 ? (
        <div>
          <progress max={progress.total} value={progress.held} className="w-full" aria-label="Sending your files" />
          <p className={`text-xs ${progress.phase === "offline" ? "font-semibold text-amber-800" : "text-slate-600"}`} aria-live="polite">
            {progress.phase === "offline" ? `${UPLOAD_MESSAGES.offline} ` : "Sending your files: "}
            {formatFileSize(progress.held)} of {formatFileSize(progress.total)} received
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary px-6" disabled={busy}>
          {busy ? "Sending…" : "Send request"}
        </button>
        <FormStatus status={status} />
      </div>
    </form>
  );
}
