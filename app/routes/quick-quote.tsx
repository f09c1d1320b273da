import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { QUICK_QUOTE_MAX_FILE_BYTES, QUICK_QUOTE_MAX_FILES, quickQuoteRequestSchema } from "../../domain/quote";
import { FormStatus, TextField, useFormSubmit, useSchemaForm } from "../components/form-field";
import { ApiResponseError } from "../lib/api-client";
import { useIsLoggedIn } from "../lib/auth";
import { sendQuoteRequest } from "../lib/quotes-api";
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
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">Quick Quote</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        Something our product pages cannot price: a special size or material, a finish, a large run? Tell us what you need and we will email you a quote within one working day, held for 30 days. Order it from your account in a few clicks.
      </p>
      <div className="mt-8 max-w-3xl">
        <NeedsJavaScript className="mb-4">Sending a quote request needs JavaScript. Please turn it on to log in and send your request.</NeedsJavaScript>
        {/* Before the page's script runs, the <html data-auth> mark picks the variant, so nobody sees the wrong one flash. */}
        {!hydrated || !loggedIn ? (
          <div className={hydrated ? undefined : "when-signed-out"}>
            <SignInFirst />
          </div>
        ) : null}
        {!hydrated || loggedIn ? (
          <div className={hydrated ? undefined : "when-signed-in"}>
            <RequestForm />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function SignInFirst() {
  return (
    <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold">Log in to send a request, so your quote can be ordered from your account.</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to="/login?next=/quick-quote" className="btn-primary">
          Log in
        </Link>
        <Link to="/signup" className="btn-outline">
          Create an account
        </Link>
      </div>
    </div>
  );
}

function RequestForm() {
  const formId = useId();
  const navigate = useNavigate();
  const form = useSchemaForm(quickQuoteRequestSchema, { productKind: "", size: "", quantity: "", material: "", deadline: "", notes: "" });
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ held: number; total: number; phase: ResumableProgress["phase"] } | null>(null);

  const send = async () => {
    if (fileProblem) return { ok: false, text: fileProblem };
    const total = files.reduce((sum, file) => sum + file.size, 0);
    setProgress({ held: 0, total, phase: "starting" });
    try {
      // Each file goes first as a resumable upload (a dropped connection carries on); the request then names them.
      const uploadIds: string[] = [];
      let before = 0;
      for (const file of files) {
        const upload = startResumableUpload({ purpose: "quote-file", target: {}, file, onProgress: (p) => setProgress({ held: before + p.heldBytes, total, phase: p.phase }) });
        uploadIds.push((await upload.done).id);
        before += file.size;
      }
      const quote = await sendQuoteRequest(form.values, uploadIds);
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

  const chooseFiles = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    if (chosen.length > QUICK_QUOTE_MAX_FILES) setFileProblem(`Attach at most ${QUICK_QUOTE_MAX_FILES} files.`);
    else if (chosen.some((file) => file.size > QUICK_QUOTE_MAX_FILE_BYTES)) setFileProblem(`Each file must be at most ${QUICK_QUOTE_MAX_FILE_BYTES / (1024 * 1024)} MB.`);
    else setFileProblem(null);
    setFiles(chosen.slice(0, QUICK_QUOTE_MAX_FILES));
  };

  const notes = form.field("notes");
  return (
    <form method="post" id={formId} onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-label="Quick Quote request">
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
        <input id={`${formId}-files`} type="file" multiple accept={FILE_TYPES} onChange={(event) => chooseFiles(event.target.files)} className="block w-full text-sm" aria-describedby={`${formId}-files-hint`} />
        <p id={`${formId}-files-hint`} className={`mt-1 text-xs ${fileProblem ? "text-red-700" : "text-slate-500"}`}>
          {fileProblem ?? `Drawings, photos or artwork: up to ${QUICK_QUOTE_MAX_FILES} PDF, JPEG, PNG, TIFF or WebP files, ${QUICK_QUOTE_MAX_FILE_BYTES / (1024 * 1024)} MB each.`}
        </p>
      </div>
      {progress !== null && files.length > 0 ? (
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
