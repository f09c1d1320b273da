// Customer and staff accounts: sign-up, sign-in with throttling, details, saved addresses and password
// reset. Passwords are argon2id; the bearer sessions they open are sessions.ts's. Nothing here knows
// about HTTP.
import { hash as argonHash, verify as argonVerify, type Algorithm } from "@node-rs/argon2";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { loginThrottle, passwordResets, sessions, userAddresses, users, type AddressKind, type UserRole } from "../../db/schema";
import { ACCOUNT_MESSAGES, emailKey, type Details, type SignupRequest } from "../../domain/account";
import type { SavedAddress } from "../../domain/address";
import { retryAfterPhrase } from "../../domain/retry";
import { PRODUCTION_PASSWORD_HASHING, type PasswordHashing, type ShopDetails } from "../config";
import { passwordResetEmail } from "../integrations/email/templates";
import { enqueueEmail, type EmailSender } from "./email-outbox";
import { failure, type Outcome } from "./outcome";
import { createSessionStore, type AuthUser } from "./sessions";
import { createStaffAccounts, type StaffAccounts } from "./staff-accounts";
import { isWellFormedToken, newOpaqueToken, tokenHash } from "./tokens";

export { SESSION_DAYS, type AuthUser } from "./sessions";

// `Algorithm` is a const enum, which isolated modules cannot read: 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;

const RESET_MINUTES = 60;

/**
 * Failed sign-ins, counted in the database (shared by every process):
 * - per account and client address together: 5 in 15 minutes locks that pair for 15 minutes;
 * - per client address, over all accounts: 20 in 15 minutes locks the address;
 * - per account, from anywhere: past 50 in an hour the account is under attack, and a right password
 *   no longer opens a session by itself: it sends the owner a one-time link instead. Nobody else's
 *   failures ever lock the owner out: they only change how the owner signs in.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  lockMinutes: 15,
  perPair: 5,
  perAddress: 20,
  accountLinkThreshold: 50,
  accountWindowMinutes: 60,
} as const;

export type Contact = { title: string | null; firstname: string; lastname: string; email: string; telephone: string };

/** The sign-in refusal while a pair or an address is locked. */
export function signInThrottledMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts from here. Please try again ${retryAfterPhrase(retryAfterSeconds)}, or reset your password.`;
}

/** The email is another account's: a `conflict` about the form's `email` field. */
function duplicateEmail() {
  return { ...failure("conflict", ACCOUNT_MESSAGES.duplicateEmail), field: "email" as const };
}

export type SignupResult = Outcome<{ userId: number; token: string }, { field?: "email" }>;
/**
 * - `unauthenticated`: wrong email or password (the same either way);
 * - `forbidden`: the right password on an account under attack: a sign-in link was emailed instead;
 * - `limited`: this pair or address is locked for `retryAfterSeconds`.
 */
export type LoginResult = Outcome<{ userId: number; token: string; role: UserRole }, { retryAfterSeconds?: number }>;
export type UpdateResult = Outcome<object, { field?: "email" }>;
export type ResetResult = Outcome<{ userId: number; token: string }>;

export type AccountService = StaffAccounts & {
  signup(input: SignupRequest): Promise<SignupResult>;
  login(email: string, password: string, clientAddress: string): Promise<LoginResult>;
  /** The session behind a bearer token, or null when unknown, revoked or expired. One indexed read. */
  authenticate(token: string): Promise<AuthUser | null>;
  logout(sessionId: number): Promise<void>;
  contact(userId: number): Promise<(Contact & { role: UserRole }) | null>;
  updateDetails(userId: number, details: Details): Promise<UpdateResult>;
  addresses(userId: number): Promise<{ billing: SavedAddress | null; delivery: SavedAddress | null }>;
  saveAddress(userId: number, kind: AddressKind, address: SavedAddress): Promise<void>;
  /** Queues a reset email when the address has an account; says nothing either way. */
  requestPasswordReset(email: string, options?: { signInLink?: boolean }): Promise<void>;
  /** Sets the password, revokes every session of the account and opens a new one here. */
  confirmPasswordReset(token: string, password: string): Promise<ResetResult>;
  /** A single-use set-password link for a user (staff onboarding, from the command line). */
  issuePasswordLink(userId: number, options?: { email?: boolean; forStaff?: boolean; signInLink?: boolean }): Promise<string>;
  hashPassword(password: string): Promise<string>;
};

export type AccountServiceDeps = {
  db: Db;
  /**
   * Keep recent sessions in memory. Only for PGlite, where this process is the database's only user (the
   * data folder is locked), so every revocation passes through here and is applied to the cache at once.
   * With PostgreSQL other processes may revoke a session, so every call asks the database.
   */
  cacheSessions?: boolean;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  /** argon2id cost of new hashes (config.passwordHashing); production's when not given. */
  passwordHashing?: PasswordHashing;
};

export function createAccountService(deps: AccountServiceDeps): AccountService {
  const { db, shop, publicUrl, sender } = deps;
  const sessionStore = createSessionStore(db, { cacheSessions: deps.cacheSessions });
  const forgetSessions = sessionStore.forget;
  const openSession = sessionStore.open;
  const messageIdDomain = shop.email.split("@")[1];
  // Verified against when the email is unknown, so both failures cost one argon2 verification.
  let decoyHash: Promise<string> | undefined;
  const argonOptions = { algorithm: ARGON2ID, ...(deps.passwordHashing ?? PRODUCTION_PASSWORD_HASHING) };
  const decoy = () => (decoyHash ??= argonHash(newOpaqueToken(), argonOptions));

  const hashPassword = (password: string) => argonHash(password, argonOptions);

  /** A single-use set-password link, written inside the caller's transaction (with its email, if asked). */
  async function writePasswordLink(tx: Tx, userId: number, options: { email?: boolean; forStaff?: boolean; signInLink?: boolean }): Promise<string> {
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
  }
  const staffAccounts = createStaffAccounts({ db, writePasswordLink, forgetSessions, kick: () => sender.kick() });

  async function findUserByEmail(email: string) {
    const [row] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, role: users.role, firstname: users.firstname })
      .from(users)
      .where(sql`lower(${users.email}) = ${emailKey(email)}`)
      .limit(1);
    return row ?? null;
  }

  async function lockedFor(keys: string[]): Promise<number | null> {
    const rows = await db
      .select({ seconds: sql<number>`ceil(extract(epoch from (${loginThrottle.lockedUntil} - now())))::int` })
      .from(loginThrottle)
      .where(and(sql`${loginThrottle.key} in ${keys}`, gt(loginThrottle.lockedUntil, sql`now()`)));
    if (rows.length === 0) return null;
    return Math.max(1, ...rows.map((row) => Number(row.seconds)));
  }

  /**
   * Counts one failure against a key; the insert-or-update is one statement, safe across processes. A
   * null limit only counts (the per-account figure), it never locks.
   */
  async function recordFailure(key: string, limit: number | null, windowMinutes: number = LOGIN_LIMITS.windowMinutes): Promise<void> {
    const window = `${windowMinutes} minutes`;
    const lock = `${LOGIN_LIMITS.lockMinutes} minutes`;
    if (limit === null) {
      await db.execute(sql`
        insert into login_throttle (key, failures, window_started_at, locked_until) values (${key}, 1, now(), null)
        on conflict (key) do update set
          failures = case when login_throttle.window_started_at < now() - ${window}::interval then 1 else login_throttle.failures + 1 end,
          window_started_at = case when login_throttle.window_started_at < now() - ${window}::interval then now() else login_throttle.window_started_at end`);
      return;
    }
    await db.execute(sql`
      insert into login_throttle (key, failures, window_started_at, locked_until)
      values (${key}, 1, now(), case when 1 >= ${limit} then now() + ${lock}::interval end)
      on conflict (key) do update set
        failures = case when login_throttle.window_started_at < now() - ${window}::interval then 1 else login_throttle.failures + 1 end,
        window_started_at = case when login_throttle.window_started_at < now() - ${window}::interval then now() else login_throttle.window_started_at end,
        locked_until = case
          when (case when login_throttle.window_started_at < now() - ${window}::interval then 1 else login_throttle.failures + 1 end) >= ${limit}
          then now() + ${lock}::interval
          else login_throttle.locked_until end`);
  }

  /** True when the account's failures from everywhere, this hour, pass the link threshold. */
  async function underAttack(accountKey: string): Promise<boolean> {
    const [row] = await db
      .select({ failures: loginThrottle.failures })
      .from(loginThrottle)
      .where(and(eq(loginThrottle.key, accountKey), gt(loginThrottle.windowStartedAt, sql`now() - ${`${LOGIN_LIMITS.accountWindowMinutes} minutes`}::interval`)));
    return (row?.failures ?? 0) >= LOGIN_LIMITS.accountLinkThreshold;
  }

  return {
    hashPassword,

    async signup(input) {
      const passwordHash = await hashPassword(input.password);
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

    async login(email, password, clientAddress) {
      const accountKey = `email:${emailKey(email)}`;
      const pairKey = `pair:${emailKey(email)}|${clientAddress}`;
      const addressKey = `ip:${clientAddress}`;
      const locked = await lockedFor([pairKey, addressKey]);
      if (locked !== null) return { ...failure("limited", signInThrottledMessage(locked)), retryAfterSeconds: locked };

      const user = await findUserByEmail(email);
      const matches = await argonVerify(user?.passwordHash ?? (await decoy()), password).catch(() => false);
      if (!user || !user.passwordHash || !matches) {
        await recordFailure(pairKey, LOGIN_LIMITS.perPair);
        await recordFailure(addressKey, LOGIN_LIMITS.perAddress);
        await recordFailure(accountKey, null, LOGIN_LIMITS.accountWindowMinutes);
        return failure("unauthenticated", ACCOUNT_MESSAGES.badCredentials);
      }
      if (await underAttack(accountKey)) {
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

    authenticate: sessionStore.authenticate,

    logout: sessionStore.revoke,

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

    async requestPasswordReset(email, options = {}) {
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

    ...staffAccounts,

    async confirmPasswordReset(token, password) {
      if (!isWellFormedToken(token)) return failure("invalid", ACCOUNT_MESSAGES.resetInvalid);
      const passwordHash = await hashPassword(password);
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

export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if ((current as { code?: string }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
