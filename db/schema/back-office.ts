import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { PriceInputs } from "../../domain/price-inputs";
import { products } from "./catalogue";
import { users } from "./accounts";

/** Every saved set of a product's price inputs: version 1 is the first one a manager replaced. */
export const priceVersions = pgTable(
  "price_versions",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    inputs: jsonb("inputs").$type<PriceInputs>().notNull(),
    /** What changed from the version before, in words ("Price per m²: £12.00 → £13.20"). */
    changes: jsonb("changes").$type<string[]>().notNull(),
    source: text("source", { enum: ["catalogue", "editor", "import", "restore"] }).notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("price_versions_product_version_key").on(t.productId, t.version)],
);

/** Every back-office change: who, when, what, and the record before and after. Written in the change's transaction. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written, so the entry still names its author after the account is removed. */
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    summary: text("summary").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(sql`${t.createdAt} desc`, sql`${t.id} desc`), index("audit_log_entity_idx").on(t.entityType, t.entityId)],
);
