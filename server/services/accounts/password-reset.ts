// Resetting a password (server/services/account-service.ts): asking for a link by email (rate-limited per
// account), issuing one, and confirming it, which sets the password and ends every other session.
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { loginThrottle, passwordResets, sessions, users } from "../../../db/schema";
import { ACCOUNT_MESSAGES, emailKey } from "../../../domain/account";
import { failure } from "../outcome";
import { isWellFormedToken, tokenHash } from "../tokens";
import type { AccountContext } from "./account-context";
import type { AccountService } from "./account-types";

export function passwordReset(context: AccountContext): Pick<AccountService, "requestPasswordReset" | "issuePasswordLink" | "confirmPasswordReset"> {
  const { db, sender, passwords, openSession, forgetSessions, findUserByEmail, writePasswordLink } = context;
  return {
    // `this` is the whole account service, as when these were written inside it.
    async requestPasswordReset(this: AccountService, email, options = {}) {
      const user = await findUserByEmail(email);
      if (!user) return;
      // One email a minute per account at most (five for a sign-in link, which an attacker holding the
      // password could otherwise trigger at will): nobody's inbox can be flooded.
      const [recent] = await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, sql`now() - ${options.signInLink ? "5 minutes" : "1 minute"}::interval`)))
        .limit(1);
      if (recent) return;
      await this.issuePasswordLink(user.id, { email: true, signInLink: options.signInLink });
    },

    async issuePasswordLink(userId, options = {}) {
      const link = await db.transaction((tx) => writePasswordLink(tx, userId, options));
      if (options.email) sender.kick();
      return link;
    },

    async confirmPasswordReset(token, password) {
      if (!isWellFormedToken(token)) return failure("invalid", ACCOUNT_MESSAGES.resetInvalid);
      const passwordHash = await passwords.hash(password);
      return db.transaction(async (tx) => {
        // Claiming the row is the single-use check: a second confirm with the same token finds nothing.
        const [claimed] = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(and(eq(passwordResets.tokenHash, tokenHash(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
          .returning({ userId: passwordResets.userId });
        if (!claimed) return failure("invalid", ACCOUNT_MESSAGES.resetInvalid);
        const { userId } = claimed;
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
        await tx.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
        // Other outstanding links die with the old password.
        await tx.update(passwordResets).set({ usedAt: sql`now()` }).where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
        if (user) await tx.delete(loginThrottle).where(eq(loginThrottle.key, `email:${emailKey(user.email)}`));
        const newToken = await openSession(userId, tx);
        forgetSessions((user) => user.userId === userId);
        return { ok: true as const, userId, token: newToken };
      });
    },
  };
}
