// How a catalogue change reaches every process at once. The process that writes a change announces it
// inside its transaction: on PostgreSQL, `pg_notify` is delivered when (and only if) the transaction
// commits, to every process listening, with the changed product ids only. Each listener drops its
// catalogue snapshot and prepared pages, so the next quote, page and checkout read the database again.
// The writer also drops its own at once after the commit. On PGlite there is one process: that is all.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DbHandle, Tx } from "../../db/client";
import type { CatalogueService } from "./catalogue-service";

export const CATALOGUE_CHANNEL = "catalogue_changed";

export type CatalogueChange = { productIds: number[] };

export type CatalogueChanges = {
  /** Inside the writing transaction: every other process hears of it when the transaction commits. */
  announce: (tx: Tx, change: CatalogueChange) => Promise<void>;
  /** After the commit: this process's own catalogue and pages. */
  applied: (change: CatalogueChange) => void;
  /** Starts listening for other processes' changes (PostgreSQL); a no-op on PGlite. */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

type Log = { warn: (obj: object, msg: string) => void };

export function createCatalogueChanges(db: DbHandle, catalogue: CatalogueService, log: Log): CatalogueChanges {
  // Tells this process's own announcements apart from another's: it has already applied them.
  const origin = randomBytes(6).toString("base64url");
  let stopListening: (() => Promise<void>) | null = null;

  const hear = (payload: string) => {
    let message: { o?: unknown; p?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      log.warn({ channel: CATALOGUE_CHANNEL }, "unreadable catalogue change notification; reloading the catalogue");
      catalogue.invalidate();
      return;
    }
    if (message.o === origin) return;
    const ids = Array.isArray(message.p) && message.p.length > 0 && message.p.every((id) => Number.isSafeInteger(id)) ? (message.p as number[]) : null;
    catalogue.invalidate(ids ? { productIds: ids } : undefined);
  };

  return {
    async announce(tx, change) {
      if (db.kind !== "postgres") return;
      // NOTIFY carries at most 8000 bytes; every listener reloads the whole catalogue anyway, so a long list is cut.
      const ids = change.productIds.length > 500 ? [] : change.productIds;
      const payload = JSON.stringify({ o: origin, p: ids });
      await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${payload})`);
    },
    applied(change) {
      catalogue.invalidate(change);
    },
    async start() {
      if (!db.listen || stopListening) return;
      // After a lost connection, whatever was announced meanwhile is unknown: reload everything.
      stopListening = await db.listen(CATALOGUE_CHANNEL, hear, () => catalogue.invalidate());
    },
    async stop() {
      await stopListening?.();
      stopListening = null;
    },
  };
}
