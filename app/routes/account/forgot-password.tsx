import { useId } from "react";
import { Link } from "react-router";
import { ACCOUNT_MESSAGES, passwordResetRequestSchema } from "../../../domain/account";
import { FormStatus, TextField, useFormSubmit, useSchemaForm } from "../../components/form-field";
import { requestPasswordReset } from "../../lib/account-api";
import { errorMessage } from "../../lib/api-client";
import type { Route } from "./+types/forgot-password";
import { NeedsJavaScript } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "Forgotten your password? | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

export default function ForgotPasswordPage() {
  const formId = useId();
  const form = useSchemaForm(passwordResetRequestSchema, { email: "" });
  const { status, busy, onSubmit } = useFormSubmit(
    form,
    formId,
    async () => ({ ok: true, text: (await requestPasswordReset(form.parsed().email)).message }),
    (error) => ({ ok: false, text: errorMessage(error, ACCOUNT_MESSAGES.networkError) }),
  );

  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold">Forgotten your password?</h1>
      <NeedsJavaScript className="mt-4">Resetting your password needs JavaScript. Please turn it on to continue.</NeedsJavaScript>
      <p className="mt-2 text-slate-600">Enter the email address of your account and we will email you a link to choose a new password.</p>
      <form method="post" id={formId} onSubmit={onSubmit} noValidate aria-label="Reset your password" className="mt-6 space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn-primary px-6" disabled={busy}>
            {busy ? "Sending…" : "Email me a link"}
          </button>
          <Link to="/login" className="text-sm font-semibold text-brand-700 hover:underline">
            Back to Log in
          </Link>
        </div>
        <FormStatus status={status} />
      </form>
    </div>
  );
}
