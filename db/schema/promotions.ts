import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    /** As staff typed it; matched case-insensitively. */
    code: text("code").notNull(),
    /** Percent off Sub Total in basis points (10% = 1000); 0 for a fixed-amount code. */
    percentBasisPoints: integer("percent_basis_points").notNull(),
    /** A fixed amount off Sub Total in pence (never more than Sub Total); null for a percentage code. */
    amountOffPence: integer("amount_off_pence"),
    activeFrom: timestamp("active_from", { withTimezone: true }),
    activeTo: timestamp("active_to", { withTimezone: true }),
    newCustomersOnly: boolean("new_customers_only").notNull().default(false),
    usageLimit: integer("usage_limit"),
    /** Paid orders that took a discount with this code (a code that gave nothing used no slot). */
    uses: integer("uses").notNull().default(0),
    /** How many discounted orders one customer may place with it (by account, or by email for a guest). */
    perCustomerLimit: integer("per_customer_limit"),
    /** The least Sub Total (pence) the code applies to. */
    minSpendPence: integer("min_spend_pence").notNull().default(0),
    /** A paused code is refused like an unknown one until a manager resumes it. */
    paused: boolean("paused").notNull().default(false),
    description: text("description").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_lower_key").on(sql`lower(${t.code})`),
    check(
      "promo_codes_discount_kind",
      sql`(${t.amountOffPence} is null and ${t.percentBasisPoints} > 0 and ${t.percentBasisPoints} <= 10000) or (${t.amountOffPence} > 0 and ${t.amountOffPence} <= 10000000 and ${t.percentBasisPoints} = 0)`,
    ),
    check("promo_codes_limits_positive", sql`(${t.usageLimit} is null or ${t.usageLimit} >= 0) and (${t.perCustomerLimit} is null or ${t.perCustomerLimit} >= 1) and ${t.minSpendPence} >= 0`),
  ],
);
