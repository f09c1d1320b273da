// Signing up and signing in (server/services/account-service.ts): a new customer's account and first
// session, and a sign-in checked against the password, throttled (login-throttle.ts), and turned into a
// one-time link when the account is under attack.
import { eq } from "drizzle-orm";
import { loginThrottle, users } from "../../../db/schema";
import { ACCOUNT_MESSAGES, emailKey } from "../../../domain/account";
import { failure } from "../outcome";
import type { AccountContext } from "./account-context";
import { duplicateEmail } from "./account-details";
import type { AccountService } from "./account-types";
import { LOGIN_LIMITS, lockedFor, recordFailure, signInThrottledMessage, underAttack } from "./login-throttle";

export function signIn(context: AccountContext): Pick<AccountService, "signup" | "login"> {
  const { db, passwords, openSession, findUserByEmail } = context;
  return {
    async signup(input) {
      const passwordHash = await passwords.hash(input.password);
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            title: input.title ?? null,
            firstname: input.firstname,
            lastname: input.lastname,
            email: input.email,
            telephone: input.telephone,
            passwordHash,
            role: "user", // never the client's `role`
            site: input.site ?? "",
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!created) return duplicateEmail();
        const token = await openSession(created.id, tx);
        return { ok: true as const, userId: created.id, token };
      });
    },

    // `this` is the whole account service, as when login was written inside it.
    async login(this: AccountService, email, password, clientAddress) {
      const accountKey = `email:${emailKey(email)}`;
      const pairKey = `pair:${emailKey(email)}|${clientAddress}`;
      const addressKey = `ip:${clientAddress}`;
      const locked = await lockedFor(db, [pairKey, addressKey]);
      if (locked !== null) return { ...failure("limited", signInThrottledMessage(locked)), retryAfterSeconds: locked };

      const user = await findUserByEmail(email);
      const stored = user?.passwordHash ?? (await passwords.decoy());
      const matches = await passwords.verify(stored, password);
      if (!user || !user.passwordHash || !matches) {
        await recordFailure(db, pairKey, LOGIN_LIMITS.perPair);
        await recordFailure(db, addressKey, LOGIN_LIMITS.perAddress);
        await recordFailure(db, accountKey, null, LOGIN_LIMITS.accountWindowMinutes);
        return failure("unauthenticated", ACCOUNT_MESSAGES.badCredentials);
      }
      if (await underAttack(db, accountKey)) {
        // The right password, on an account many addresses are guessing at: the owner proves it from
        // their inbox. One link every few minutes at most, whoever asks.
        await this.requestPasswordReset(email, { signInLink: true });
        return failure("forbidden", ACCOUNT_MESSAGES.signInLinkSent);
      }
      // Only this pair's count is cleared: signing in to one's own account must not wash out guesses at
      // others from the same address, nor the account's count of guesses from elsewhere.
      await db.delete(loginThrottle).where(eq(loginThrottle.key, pairKey));
      const token = await openSession(user.id);
      return { ok: true, userId: user.id, token, role: user.role };
    },
  };
}
