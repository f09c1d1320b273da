import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: what the browser holds (session) or what an emailed link carries (reset). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The shape every token we issue has; anything else is refused before the database is asked. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

/** Only this is stored: a leaked table holds nothing that signs anyone in. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
