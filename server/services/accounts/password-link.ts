// Single-use set-password links (server/services/account-service.ts): written inside the caller's
// transaction, good for RESET_MINUTES, with their email queued in that same transaction when asked.
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client";
import { passwordResets, users } from "../../../db/schema";
import type { ShopDetails } from "../../config";
import { passwordResetEmail } from "../../integrations/email/templates";
import { enqueueEmail } from "../email-outbox";
import { newOpaqueToken, tokenHash } from "../tokens";

const RESET_MINUTES = 60;

export type PasswordLinkOptions = { email?: boolean; forStaff?: boolean; signInLink?: boolean };
export type WritePasswordLink = (tx: Tx, userId: number, options: PasswordLinkOptions) => Promise<string>;

export function passwordLinkWriter(shop: ShopDetails, publicUrl: string): WritePasswordLink {
  const messageIdDomain = shop.email.split("@")[1];

  /** A single-use set-password link, written inside the caller's transaction (with its email, if asked). */
  return async function writePasswordLink(tx, userId, options) {
    const token = newOpaqueToken();
    const link = `${publicUrl.replace(/\/$/, "")}/reset-password#token=${token}`;
    await tx.insert(passwordResets).values({
      tokenHash: tokenHash(token),
      userId,
      expiresAt: sql`now() + ${`${RESET_MINUTES} minutes`}::interval`,
    });
    if (options.email) {
      const [user] = await tx.select({ email: users.email, firstname: users.firstname }).from(users).where(eq(users.id, userId));
      if (!user) throw new Error(`No user ${userId}`);
      const content = passwordResetEmail(shop, { firstname: user.firstname, link, forStaff: options.forStaff, signInLink: options.signInLink });
      await enqueueEmail(tx, { to: user.email, messageIdDomain, ...content });
    }
    return link;
  };
}
