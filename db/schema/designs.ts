import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { Design } from "../../domain/design/schema";
import { users } from "./accounts";

/**
 * A customer's own designs made in the editor (drafts until used on an order). `revision` goes up with
 * every save, so two tabs saving the same design cannot silently overwrite each other.
 */
export const designs = pgTable(
  "designs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    productSlug: text("product_slug").notNull(),
    document: jsonb("document").$type<Design>().notNull(),
    revision: integer("revision").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("designs_user_updated_idx").on(t.userId, t.updatedAt.desc())],
);

/** An image uploaded into the editor: checked by content, kept in storage under `keyPrefix` (original, CMYK samples, preview). */
export const designImages = pgTable(
  "design_images",
  {
    /** `img_` and 128 random bits: named in designs, never guessable. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    widthPx: integer("width_px").notNull(),
    heightPx: integer("height_px").notNull(),
    hasAlpha: boolean("has_alpha").notNull(),
    previewType: text("preview_type").$type<"image/png" | "image/jpeg">().notNull(),
    keyPrefix: text("key_prefix").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("design_images_user_idx").on(t.userId)],
);
