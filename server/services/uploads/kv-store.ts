// The tus server's key-value store in PostgreSQL (or PGlite): the FileStore's `configstore` and the S3
// store's `cache`. Nothing about an upload lives in one process's memory, so any process can continue it.
import type { KvStore } from "@tus/utils";
import { eq, like, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { uploadKv } from "../../../db/schema";

/** A KvStore whose keys live under `namespace` in the `upload_kv` table. */
export function createPgKvStore<T>(db: Db, namespace: string): KvStore<T> & { list(): Promise<string[]> } {
  const full = (key: string) => `${namespace}:${key}`;
  return {
    async get(key) {
      const [row] = await db.select({ value: uploadKv.value }).from(uploadKv).where(eq(uploadKv.key, full(key)));
      return row ? (row.value as T) : undefined;
    },
    async set(key, value) {
      // A JSON round trip: the stores hand over class instances (Upload), the table keeps plain data.
      const json = JSON.parse(JSON.stringify(value)) as unknown;
      await db
        .insert(uploadKv)
        .values({ key: full(key), value: json })
        .onConflictDoUpdate({ target: uploadKv.key, set: { value: json, updatedAt: sql`now()` } });
    },
    async delete(key) {
      await db.delete(uploadKv).where(eq(uploadKv.key, full(key)));
    },
    async list() {
      const rows = await db.select({ key: uploadKv.key }).from(uploadKv).where(like(uploadKv.key, `${namespace}:%`));
      return rows.map((row) => row.key.slice(namespace.length + 1));
    },
  };
}
