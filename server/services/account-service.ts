// Customer and staff accounts: sign-up, sign-in with throttling, details, saved addresses and password
// reset. Passwords are argon2id; the bearer sessions they open are sessions.ts's. Nothing here knows
// about HTTP.
// The parts, in accounts/: account-types.ts (the shapes), account-context.ts (what the parts share),
// passwords.ts (hashes and checks, through one limit per service), login-throttle.ts (failed sign-ins
// counted and locked), password-link.ts (set-password links), sign-in.ts (signup, login),
// account-details.ts (contact details and saved addresses) and password-reset.ts.
import { accountContext } from "./accounts/account-context";
import { accountDetails } from "./accounts/account-details";
import type { AccountService, AccountServiceDeps } from "./accounts/account-types";
import { passwordReset } from "./accounts/password-reset";
import { signIn } from "./accounts/sign-in";
import { createStaffAccounts } from "./staff-accounts";

export { SESSION_DAYS, type AuthUser } from "./sessions";
export { isUniqueViolation } from "./accounts/account-details";
export { LOGIN_LIMITS, signInThrottledMessage } from "./accounts/login-throttle";
export type { AccountService, AccountServiceDeps, Contact, LoginResult, ResetResult, SignupResult, UpdateResult } from "./accounts/account-types";

export function createAccountService(deps: AccountServiceDeps): AccountService {
  // One context, so one password limit: every hash and check of this service waits in the same queue.
  const context = accountContext(deps);
  const { db, sender, sessionStore, passwords, writePasswordLink, forgetSessions } = context;
  const staffAccounts = createStaffAccounts({ db, writePasswordLink, forgetSessions, kick: () => sender.kick() });
  return {
    hashPassword: passwords.hash,
    ...signIn(context),
    authenticate: sessionStore.authenticate,
    logout: sessionStore.revoke,
    ...accountDetails(context),
    ...passwordReset(context),
    ...staffAccounts,
  };
}
