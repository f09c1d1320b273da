import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import type { UserRole } from "../../domain/roles";

export type { UserRole } from "../../domain/roles";

/** Customers (role `user`, signed up or made at checkout), production staff and managers (added by the command line or a manager). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    title: text("title"),
    firstname: text("firstname").notNull(),
    lastname: text("lastname").notNull(),
    /** As typed; unique regardless of case (the index below). */
    email: text("email").notNull(),
    telephone: text("telephone").notNull(),
    /** argon2id, PHC string. Null for a staff member who has not yet set a password. */
    passwordHash: text("password_hash"),
    role: text("role").$type<UserRole>().notNull().default("user"),
    site: text("site").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check("users_role_check", sql`${t.role} in ('user', 'staff', 'manager')`),
  ],
);

/** The columns of every hashed, expiring token of an account (a session, a password reset). */
function tokenColumns() {
  return {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  };
}

/**
 * Signed-in sessions. The bearer token is 256 random bits given to the browser once; only its SHA-256
 * is kept, so a copy of this table signs nobody in.
 */
export const sessions = pgTable(
  "sessions",
  {
    ...tokenColumns(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("sessions_token_hash_key").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** Single-use password-reset (and staff set-password) tokens, hashed like session tokens. */
export const passwordResets = pgTable(
  "password_resets",
  {
    ...tokenColumns(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("password_resets_token_hash_key").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)],
);

/**
 * Failed sign-in attempts per key (`email:<lower-case address>` or `ip:<client address>`), in the
 * database so that the limit holds across every server process sharing it.
 */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export const ADDRESS_KINDS = ["billing", "delivery"] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** A customer's saved billing and delivery address (one of each). */
export const userAddresses = pgTable(
  "user_addresses",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<AddressKind>().notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    company: text("company").notNull().default(""),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    town: text("town").notNull(),
    county: text("county").notNull().default(""),
    postcode: text("postcode").notNull(),
    country: text("country").notNull(),
    instructions: text("instructions").notNull().default(""),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] }), check("user_addresses_kind_check", sql`${t.kind} in ('billing', 'delivery')`)],
);
