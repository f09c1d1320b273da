import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    /** As staff typed it; matched case-insensitively. */
    code: text("code").notNull(),
    /** Percent off Sub Total in basis points (10% = 1000). */
    percentBasisPoints: integer("percent_basis_points").notNull(),
    activeFrom: timestamp("active_from", { withTimezone: true }),
    activeTo: timestamp("active_to", { withTimezone: true }),
    newCustomersOnly: boolean("new_customers_only").notNull().default(false),
    usageLimit: integer("usage_limit"),
    uses: integer("uses").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_lower_key").on(sql`lower(${t.code})`),
    check("promo_codes_percent_range", sql`${t.percentBasisPoints} > 0 and ${t.percentBasisPoints} <= 10000`),
  ],
);
