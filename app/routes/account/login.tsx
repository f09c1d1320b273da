import { useEffect, useId } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES, loginRequestSchema } from "../../../domain/account";
import { isStaffRole } from "../../../domain/roles";
import { FormStatus, TextField, useFormSubmit, useSchemaForm } from "../../components/form-field";
import { fetchMe, login } from "../../lib/account-api";
import { ApiResponseError } from "../../lib/api-client";
import { storeSession, useIsLoggedIn } from "../../lib/auth";
import type { Route } from "./+types/login";
import { NeedsJavaScript } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "Log in | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/** Where to go after signing in: a page of this shop the customer came from (`?next=/basket`), else the account. */
function safeNext(value: string | null): string {
  return value && /^\/(?![/\\])[\w\-/.?=&%]*$/.test(value) ? value : "/my-account";
}

export default function LoginPage() {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get("next"));
  // Spec section 2: /my-account is shown instead of the login page to a signed-in customer. (A member of
  // staff who signs in here is sent on to the console once their role is known.)
  useEffect(() => {
    if (loggedIn) navigate(next, { replace: true });
  }, [loggedIn, navigate, next]);

  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">Log in</h1>
      <NeedsJavaScript className="mt-4">Logging in needs JavaScript. Please turn it on to log in.</NeedsJavaScript>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="signin-heading" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="signin-heading" className="text-xl font-bold">Sign in</h2>
          <p className="mt-1 text-sm text-slate-600">Welcome back. Sign in to see your orders and check out faster.</p>
          <SignInForm
            onSignedIn={() => {
              // Staff sign in here too, and go to their console.
              fetchMe()
                .then((me) => navigate(isStaffRole(me.role) ? "/staff" : next))
                .catch(() => navigate(next));
            }}
          />
        </section>
        <section aria-labelledby="register-heading" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="register-heading" className="text-xl font-bold">Register</h2>
          <p className="mt-2 text-slate-600">
            New to Printwise? Create an account to track your orders, download VAT invoices and reorder in a couple of clicks.
          </p>
          <Link to="/signup" className="btn-primary mt-6">
            Create an account
          </Link>
        </section>
      </div>
    </div>
  );
}

/** Email and password; shared with the express checkout. */
export function SignInForm({ onSignedIn, submitLabel = "Log in" }: { onSignedIn: () => void; submitLabel?: string }) {
  const formId = useId();
  const form = useSchemaForm(loginRequestSchema, { email: "", password: "" });
  const signIn = async () => {
    storeSession(await login(form.values.email!, form.values.password!));
    onSignedIn();
    return null;
  };
  const { status, busy, onSubmit } = useFormSubmit(form, formId, signIn, (error) => ({
    ok: false,
    text: error instanceof ApiResponseError ? (error.serverMessage ?? ACCOUNT_MESSAGES.loginFailed) : ACCOUNT_MESSAGES.networkError,
  }));

  return (
    <form method="post" id={formId} onSubmit={onSubmit} noValidate className="mt-5 space-y-4" aria-label="Sign in">
      <TextField label="Email" type="email" autoComplete="email" required {...form.field("email")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...form.field("password")} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="submit" className="btn-primary px-6" disabled={busy}>
          {busy ? "Signing in…" : submitLabel}
        </button>
        <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:underline">
          Forgotten your password?
        </Link>
      </div>
      <FormStatus status={status} />
    </form>
  );
}
