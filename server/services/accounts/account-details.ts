// An account's own details (server/services/account-service.ts): its contact details, changing them, and
// its saved billing and delivery addresses; with the refusal of an email another account has.
import { eq, sql } from "drizzle-orm";
import { userAddresses, users, type AddressKind } from "../../../db/schema";
import { ACCOUNT_MESSAGES } from "../../../domain/account";
import type { SavedAddress } from "../../../domain/address";
import { failure } from "../outcome";
import type { AccountContext } from "./account-context";
import type { AccountService } from "./account-types";

/** The email is another account's: a `conflict` about the form's `email` field. */
export function duplicateEmail() {
  return { ...failure("conflict", ACCOUNT_MESSAGES.duplicateEmail), field: "email" as const };
}

export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: string }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export function accountDetails(context: AccountContext): Pick<AccountService, "contact" | "updateDetails" | "addresses" | "saveAddress"> {
  const { db } = context;
  return {
    async contact(userId) {
      const [row] = await db
        .select({
          title: users.title,
          firstname: users.firstname,
          lastname: users.lastname,
          email: users.email,
          telephone: users.telephone,
          role: users.role,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    async updateDetails(userId, details) {
      try {
        const updated = await db
          .update(users)
          .set({
            title: details.title ?? null,
            firstname: details.firstname,
            lastname: details.lastname,
            email: details.email,
            telephone: details.telephone,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        return updated.length === 1 ? { ok: true } : failure("not-found", "Not found");
      } catch (error) {
        if (isUniqueViolation(error)) return duplicateEmail();
        throw error;
      }
    },

    async addresses(userId) {
      const rows = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId));
      const pick = (kind: AddressKind): SavedAddress | null => {
        const row = rows.find((r) => r.kind === kind);
        if (!row) return null;
        return {
          first_name: row.firstName,
          last_name: row.lastName,
          company: row.company,
          address1: row.address1,
          address2: row.address2,
          town: row.town,
          county: row.county,
          postcode: row.postcode,
          country: row.country as SavedAddress["country"],
          instructions: row.instructions,
        };
      };
      return { billing: pick("billing"), delivery: pick("delivery") };
    },

    async saveAddress(userId, kind, address) {
      const values = {
        firstName: address.first_name,
        lastName: address.last_name,
        company: address.company ?? "",
        address1: address.address1,
        address2: address.address2 ?? "",
        town: address.town,
        county: address.county ?? "",
        postcode: address.postcode,
        country: address.country,
        instructions: kind === "delivery" ? (address.instructions ?? "") : "",
        updatedAt: sql`now()`,
      };
      await db
        .insert(userAddresses)
        .values({ userId, kind, ...values })
        .onConflictDoUpdate({ target: [userAddresses.userId, userAddresses.kind], set: values });
    },
  };
}
