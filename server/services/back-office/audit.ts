// The back office's audit log: every change a manager makes (who, when, what, the record before and after),
// written inside the change's own transaction so that a change and its entry land together or not at all.
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { auditLog, users } from "../../../db/schema";

/** Who made a change: kept by id and by email (the entry outlives the account). */
export type Actor = { userId: number; email: string };

export type AuditEntry = {
  action: string;
  entityType: (typeof AUDIT_ENTITY_TYPES)[number];
  entityId: string;
  summary: string;
  before: unknown;
  after: unknown;
};

export const AUDIT_ENTITY_TYPES = ["product-prices", "product", "category", "subcategory", "promotion", "staff", "price-list", "quote", "trade-account", "account-payment"] as const;

export type AuditRow = AuditEntry & { id: number; actorEmail: string; createdAt: Date };

export const AUDIT_PAGE_SIZE = 50;

export async function recordAudit(tx: Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ actorId: actor.userId, actorEmail: actor.email, ...entry, before: entry.before ?? null, after: entry.after ?? null });
}

/** The signed-in member of staff as an actor (one read, at the start of a change). */
export async function actorOf(db: Db, userId: number): Promise<Actor> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { userId, email: row?.email ?? `user ${userId}` };
}

/** Newest first, keyset-paged by id; optionally one entity's entries only. */
/** Everyone with an entry in the log, by email (the filter by person offers these). */
export async function auditPeople(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ email: auditLog.actorEmail }).from(auditLog).orderBy(asc(auditLog.actorEmail)).limit(500);
  return rows.map((row) => row.email);
}

/** A UK day's first instant (midnight in London, whatever the clocks), for the log's date filters. */
const ukMidnight = (day: string, plusDays = 0) => sql`((${day}::date + ${plusDays}::int)::timestamp at time zone 'Europe/London')`;

/**
 * Newest first, keyset-paged by id. Filters: one entity's entries; by person (their email, as written);
 * by kind (the entity type); between two UK days, both included.
 */
export async function listAudit(
  db: Db,
  options: { beforeId?: number; entityType?: string; entityId?: string; person?: string; from?: string; to?: string; limit?: number },
): Promise<{ entries: AuditRow[]; nextBeforeId: number | null }> {
  const limit = options.limit ?? AUDIT_PAGE_SIZE;
  const filters: (SQL | undefined)[] = [
    options.beforeId ? lt(auditLog.id, options.beforeId) : undefined,
    options.entityType ? eq(auditLog.entityType, options.entityType) : undefined,
    options.entityId ? eq(auditLog.entityId, options.entityId) : undefined,
    options.person ? sql`lower(${auditLog.actorEmail}) = ${options.person.toLowerCase()}` : undefined,
    options.from ? gte(auditLog.createdAt, ukMidnight(options.from)) : undefined,
    options.to ? lt(auditLog.createdAt, ukMidnight(options.to, 1)) : undefined,
  ];
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...filters.filter((f): f is SQL => f !== undefined)))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1);
  const entries = rows.slice(0, limit).map((row) => ({
    id: row.id,
    actorEmail: row.actorEmail,
    createdAt: row.createdAt,
    action: row.action,
    entityType: row.entityType as AuditEntry["entityType"],
    entityId: row.entityId,
    summary: row.summary,
    before: row.before,
    after: row.after,
  }));
  return { entries, nextBeforeId: rows.length > limit ? entries[entries.length - 1]!.id : null };
}
