// The account service's shapes (server/services/account-service.ts): what it answers, offers and needs.
import type { Db } from "../../../db/client";
import type { AddressKind, UserRole } from "../../../db/schema";
import type { Details, SignupRequest } from "../../../domain/account";
import type { SavedAddress } from "../../../domain/address";
import type { PasswordHashing, ShopDetails } from "../../config";
import type { EmailSender } from "../email-outbox";
import type { Outcome } from "../outcome";
import type { AuthUser } from "../sessions";
import type { StaffAccounts } from "../staff-accounts";

export type Contact = { title: string | null; firstname: string; lastname: string; email: string; telephone: string };

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
