// Password hashes and checks (server/services/account-service.ts): argon2id, a few at a time through one
// limit per account service, which every hash, check and the decoy go through.
import { hash as argonHash, verify as argonVerify, type Algorithm } from "@node-rs/argon2";
import { createConcurrencyLimit } from "../../concurrency-limit";
import { PRODUCTION_PASSWORD_HASHING, type PasswordHashing } from "../../config";
import { newOpaqueToken } from "../tokens";

// `Algorithm` is a const enum, which isolated modules cannot read: 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Algorithm;

/**
 * Password hashes and checks a process runs at once; more wait their turn. Two keep both cores of the
 * machine busy at a burst of sign-ins, and half of libuv's four threads free for files and compression.
 */
const PASSWORD_HASHES_AT_ONCE = 2;

export type Passwords = ReturnType<typeof createPasswords>;

/** Made once per account service: a second call would make a second limit, and twice the hashes at once. */
export function createPasswords(passwordHashing: PasswordHashing | undefined) {
  const argonOptions = { algorithm: ARGON2ID, ...(passwordHashing ?? PRODUCTION_PASSWORD_HASHING) };
  // A few hashes at a time, whatever arrives: each takes 19 MiB and a libuv thread (server/concurrency-limit.ts).
  const passwordWork = createConcurrencyLimit(PASSWORD_HASHES_AT_ONCE);
  // Verified against when the email is unknown, so both failures cost one argon2 verification.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= passwordWork(() => argonHash(newOpaqueToken(), argonOptions)));
  const hash = (password: string) => passwordWork(() => argonHash(password, argonOptions));
  /** Whether the password matches the stored hash; false for a hash argon2 cannot read. */
  const verify = (stored: string, password: string) => passwordWork(() => argonVerify(stored, password)).catch(() => false);
  return { hash, verify, decoy };
}
