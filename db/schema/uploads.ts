import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * A resumable (tus) upload: who sends it, what it is for (`purpose` and its `target`, e.g. an ordered
 * item's version), and how far it has got. The bytes themselves live in the tus store (DATA_DIR/files/tus
 * or the S3 bucket); what the tus server itself keeps about an upload is in `upload_kv`. Every process reads
 * the same rows, so an upload begun on one process is resumed on another.
 *
 * `state`: receiving → processing (all bytes held; one process runs the purpose's completion under a lease,
 * `processing_until`) → done (`result`) or failed (`result` holds the message). An upload that stays
 * `receiving` past `expires_at` is swept with its bytes (and its S3 multipart upload aborted).
 */
export const uploads = pgTable(
  "uploads",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    purpose: text("purpose").notNull(),
    target: jsonb("target").$type<Record<string, unknown>>().notNull(),
    fileName: text("file_name").notNull(),
    declaredType: text("declared_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** Set once the file's first bytes were sniffed and found of a kind the purpose accepts. */
    headChecked: text("head_checked"),
    /** SHA-256 (hex) of every byte received, taken when the upload completes, before its purpose's work. */
    sha256: text("sha256"),
    state: text("state").$type<"receiving" | "processing" | "done" | "failed">().notNull().default("receiving"),
    /** While `processing`: the process running the completion holds it until then; after that anyone may take it over. */
    processingUntil: timestamp("processing_until", { withTimezone: true }),
    result: jsonb("result").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("uploads_user_idx").on(t.userId), index("uploads_state_expires_idx").on(t.state, t.expiresAt)],
);

/** The tus server's key-value store (its `configstore` / `cache`): one row per key, shared by every process. */
export const uploadKv = pgTable("upload_kv", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The parts of an S3 multipart upload, recorded after S3 accepted each one: the offset of an upload is the
 * sum of its consecutive parts from 1 (plus its incomplete part), read here instead of from ListParts.
 */
export const uploadParts = pgTable(
  "upload_parts",
  {
    uploadKey: text("upload_key").notNull(),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadKey, t.partNumber] })],
);
