import { useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ACCOUNT_MESSAGES, newPasswordFormSchema } from "../../../domain/account";
import { isStaffRole } from "../../../domain/roles";
import { FormStatus, TextField, useSchemaForm } from "../../components/form-field";
import { confirmPasswordReset, fetchMe } from "../../lib/account-api";
import { ApiResponseError } from "../../lib/api-client";
import { storeSession } from "../../lib/auth";
import type { Route } from "./+types/reset-password";
import { NeedsJavaScript } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | Printwise Trade Print" },
  { name: "robots", content: "noindex" },
  // The page is reached from an emailed link; nothing it loads should learn where from.
  { name: "referrer", content: "no-referrer" },
];

/**
 * The emailed link carries its token in the URL fragment (#token=…), which never reaches a server or a
 * log. It is read once here and then removed from the address bar and the history.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const formId = useId();
  const form = useSchemaForm(newPasswordFormSchema, { password: "", confirmPassword: "" });
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get("token");
    // A second run finds the address already cleaned (React's development build runs effects twice): it
    // keeps the token the first run read rather than calling the link expired.
    setToken((current) => found ?? current ?? null);
    if (found) window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (!token || !form.check(formId)) return;
    setBusy(true);
    try {
      const session = await confirmPasswordReset(token, form.parsed().password);
      storeSession(session);
      setStatus({ ok: true, text: session.message });
      const me = await fetchMe().catch(() => null);
      navigate(me && isStaffRole(me.role) ? "/staff" : "/my-account");
    } catch (error) {
      if (error instanceof ApiResponseError) {
        form.setErrors(error.errors);
        setStatus({ ok: false, text: error.message });
      } else {
        setStatus({ ok: false, text: ACCOUNT_MESSAGES.networkError });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold">Choose a new password</h1>
      <NeedsJavaScript className="mt-4">Resetting your password needs JavaScript. Please turn it on to continue.</NeedsJavaScript>
      {token === null ? (
        <div className="mt-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p>{ACCOUNT_MESSAGES.resetInvalid}</p>
          <Link to="/forgot-password" className="btn-primary mt-4">
            Ask for a new link
          </Link>
        </div>
      ) : (
        <form method="post" id={formId} onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="mt-6 space-y-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p className="text-sm text-slate-600">Saving a new password signs you out on every other device.</p>
          <TextField label="New password" type="password" autoComplete="new-password" required hint="At least 6 characters, not a common password" {...form.field("password")} />
          <TextField label="Confirm Password" type="password" autoComplete="new-password" required {...form.field("confirmPassword")} />
          <button type="submit" className="btn-primary px-6" disabled={busy || !token}>
            {busy ? "Saving…" : "Save new password"}
          </button>
          <FormStatus status={status} />
          {status && !status.ok && !form.errors.password ? (
            <Link to="/forgot-password" className="block text-sm font-semibold text-brand-700 hover:underline">
              Ask for a new link
            </Link>
          ) : null}
        </form>
      )}
    </div>
  );
}
