// The upload service's types (server/services/uploads/upload-service.ts, which re-exports them): an upload's
// row, a purpose's definition, the head gate on a PATCH body, the owner's view of an upload, the service
// itself and what it is built from.
import type { Transform } from "node:stream";
import type { DbHandle } from "../../../db/client";
import type { uploads } from "../../../db/schema";
import type { UploadPurpose, UploadState } from "../../../domain/uploads";
import type { Config } from "../../config";
import type { UploadedFile } from "../artwork-service";
import type { Failure, Outcome } from "../outcome";
import type { PgLocker } from "./locker";
import type { TusStore } from "./tus-store";

export type UploadRow = typeof uploads.$inferSelect;

/** What a purpose's completion answers: the result the client reads back, or a failure with extra fields (a preflight). */
export type CompletionOutcome = Outcome<{ result: Record<string, unknown> }, Record<string, unknown>>;

/**
 * A purpose ("on upload complete for purpose X"). Register one with `uploads.register(...)`:
 * - `parseTarget`: the purpose's fields from Upload-Metadata (strings) → its target, or the 400's message;
 * - `maxBytes`: the largest Upload-Length it takes (413 above it);
 * - `checkHead`: the first bytes (up to HEAD_SNIFF_BYTES, or the whole file if smaller) → null to accept,
 *   or the 415's message; it runs while the bytes arrive, before the rest is stored;
 * - `authorise`: ownership and the target's state, when the upload is created and again when it completes;
 * - `complete`: the whole file as a local file; runs once per upload, on whichever process receives the last byte;
 * - `hold`: keep the bytes after completion until a later request claims them (`claim`), e.g. a form sent afterwards.
 */
export type PurposeDefinition<Target> = {
  name: UploadPurpose;
  parseTarget(metadata: Record<string, string>): Target | string;
  maxBytes: number;
  checkHead(head: Buffer): Promise<string | null>;
  authorise(userId: number, target: Target): Promise<{ ok: true } | Failure>;
  complete(input: { userId: number; target: Target; uploadId: string; file: UploadedFile }): Promise<CompletionOutcome>;
  hold?: boolean;
};

/** The head check as it runs on a PATCH body: bytes pass through; once enough have come, the purpose decides. */
export type HeadGate = Transform & { refused: string | null };

export type UploadView = {
  id: string;
  purpose: string;
  state: UploadState;
  fileName: string;
  sizeBytes: number;
  /** Bytes the server holds (all of them once complete). */
  receivedBytes: number;
  sha256: string | null;
  result: Record<string, unknown> | null;
  message: string | null;
};

export type UploadService = {
  register<Target>(purpose: PurposeDefinition<Target>): void;
  /** The tus store (tus-store.ts) and locker, for the tus server in front of them (server/api/resumable). */
  readonly tus: TusStore;
  readonly locker: PgLocker;
  readonly expiryMs: number;
  /** Checks a new upload (purpose, target, size, owner and state) and records it; answers its id. */
  create(userId: number, input: { metadata: Record<string, string>; length: number }): Promise<Outcome<{ upload: UploadRow }, { tooLarge?: true }>>;
  /** The caller's own upload, or null (another customer's is not found either). */
  find(userId: number, id: string): Promise<UploadRow | null>;
  /** A gate for a PATCH body starting at `offset`, while the upload's kind has not been seen yet; null once it has. */
  headGate(upload: UploadRow, offset: number): Promise<HeadGate | null>;
  /** Refuses an upload whose first bytes are not of an accepted kind: its bytes are deleted, the row says why. */
  refuse(upload: UploadRow, message: string): Promise<void>;
  /** The last byte arrived (the tus server's onUploadFinish): the purpose's completion runs, once. */
  finish(id: string): Promise<void>;
  /** Deleted by its owner (tus termination). */
  terminated(id: string): Promise<void>;
  /** A failed upload its owner dismisses: its row and any bytes left go. */
  forget(id: string): Promise<void>;
  /** The upload as its owner sees it, waiting up to `waitMs` while its completion runs. */
  outcome(userId: number, id: string, waitMs: number): Promise<UploadView | null>;
  /** Completed uploads of a holding purpose, taken by a later request: `settle(true)` deletes them, `settle(false)` gives them back. */
  claim(userId: number, purpose: UploadPurpose, ids: string[]): Promise<Outcome<{ files: (UploadedFile & { id: string })[]; settle: (used: boolean) => Promise<void> }>>;
  /** Deletes expired unfinished uploads (their S3 multipart uploads aborted), takes over stalled completions, forgets old ones. */
  sweep(now?: Date): Promise<{ expired: number; resumed: number; forgotten: number }>;
  close(): Promise<void>;
};

export type UploadServiceDeps = {
  db: DbHandle;
  config: Config;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  expiryMs?: number;
  /** How many first bytes a purpose's head check sees (HEAD_SNIFF_BYTES). */
  headBytes?: number;
};
