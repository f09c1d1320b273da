import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { SavedAddress } from "../../domain/address";
import type { CheckoutLine } from "../../domain/checkout";
import type { OrderStatus } from "../../domain/order-status";
import { users } from "./accounts";

/** A stored preflight answer (domain/preflight.ts has the rules; this is its JSON shape). */
export type StoredPreflight = { verdict: "pass" | "warn" | "fail"; checks: { code: string; level: "warn" | "fail"; message: string }[] };

/** A reseller's own sender details for unbranded (blind) shipping. */
export type BlindShipping = { senderName: string; returnAddress: SavedAddress };

/** `requested`: a payment the shop asked the customer for (a reprint with new artwork), paid through a link; never superseded by their own checkouts. */
export const CHECKOUT_STATUSES = ["pending", "paid", "superseded", "expired", "failed", "requested"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/**
 * What the customer agreed to pay for, stored when payment starts (docs/decisions/005-checkout-exactly-once.md): lines priced by
 * the server with their snapshots, the totals, the promo, the addresses. The order is made from this row,
 * never from figures the browser sends afterwards. Its id is the payment's client reference.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    status: text("status").$type<CheckoutStatus>().notNull().default("pending"),
    /** `account`: paid on a trade account, no card (the row is made paid, with the order). */
    provider: text("provider").$type<"test" | "stripe" | "account">().notNull(),
    providerSessionId: text("provider_session_id"),
    lines: jsonb("lines").$type<CheckoutLine[]>().notNull(),
    promoCode: text("promo_code"),
    promoBasisPoints: integer("promo_basis_points").notNull().default(0),
    subTotalPence: integer("sub_total_pence").notNull(),
    promoDiscountPence: integer("promo_discount_pence").notNull(),
    deliveryPence: integer("delivery_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    billing: jsonb("billing").$type<SavedAddress>().notNull(),
    delivery: jsonb("delivery").$type<SavedAddress>().notNull(),
    blindShipping: jsonb("blind_shipping").$type<BlindShipping | null>(),
    /** The buyer's purchase-order number, as typed (domain/checkout.ts: purchaseOrderSchema). */
    poNumber: text("po_number"),
    /** The quote whose figures these are (honoured while it is valid). */
    quoteId: integer("quote_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    orderGroupId: integer("order_group_id"),
  },
  (t) => [
    uniqueIndex("checkouts_provider_session_key").on(t.providerSessionId),
    index("checkouts_user_idx").on(t.userId, t.status),
    index("checkouts_promo_pending_idx").on(sql`lower(${t.promoCode})`, t.status),
    check("checkouts_total_check", sql`${t.totalPence} = ${t.subTotalPence} - ${t.promoDiscountPence} + ${t.deliveryPence} + ${t.vatPence}`),
  ],
);

/** A paid order: one per paid checkout (the unique checkout id is the exactly-once guard). */
export const orderGroups = pgTable(
  "order_groups",
  {
    id: serial("id").primaryKey(),
    /** The paid checkout; null for a reprint, which nobody pays for. */
    checkoutId: text("checkout_id").references(() => checkouts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userEmail: text("user_email").notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    paymentStatus: text("payment_status").notNull(),
    paymentMethod: text("payment_method").notNull(),
    /** The paying card as the processor reports it ("visa", "mastercard", "amex" …) and its last four digits; never more. */
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").notNull(),
    subTotalPence: integer("sub_total_pence").notNull(),
    promoCode: text("promo_code"),
    promoBasisPoints: integer("promo_basis_points").notNull().default(0),
    promoDiscountPence: integer("promo_discount_pence").notNull(),
    deliveryPence: integer("delivery_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    billing: jsonb("billing").$type<SavedAddress>().notNull(),
    delivery: jsonb("delivery").$type<SavedAddress>().notNull(),
    blindShipping: jsonb("blind_shipping").$type<BlindShipping | null>(),
    /** The buyer's purchase-order number: on the order, the VAT invoice, the packing slip and the staff job. */
    poNumber: text("po_number"),
    /**
     * Whether any item is express (written with the items, which never change turnaround): the orders desk's
     * turnaround filter reads it here, beside the total's index, instead of probing every order's items.
     */
    hasExpress: boolean("has_express").notNull().default(false),
    /**
     * The ids of the products its items are (written with the items, which never change product), sorted and
     * distinct: the orders desk's product filter reads them from the entries of each sort's index (migration
     * 0021) instead of probing every order's items.
     */
    productIds: integer("product_ids").array().notNull().default(sql`'{}'::integer[]`),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    invoiceNumber: integer("invoice_number"),
    /** On account: the day the invoice falls due (invoice date + the account's terms). Null when paid by card. */
    dueDate: date("due_date", { mode: "string" }),
    /** The quote this order was made from, if any. */
    quoteId: integer("quote_id"),
    /** A reprint under the print guarantee: the order it reprints, and why. Reprints cost nothing and have no invoice. */
    reprintOf: integer("reprint_of"),
    reprintReason: text("reprint_reason"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_groups_checkout_key").on(t.checkoutId),
    uniqueIndex("order_groups_invoice_number_key").on(t.invoiceNumber),
    // The customer's order list, newest first, paged by (created_at, id).
    index("order_groups_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("order_groups_email_idx").on(sql`lower(${t.userEmail})`),
    index("order_groups_reprint_of_idx").on(t.reprintOf),
    // The orders desk (/staff/orders, ADR 024): one index behind each sort and filter, keyset-paged by (key, id).
    // Each sort's index carries the order's product ids after its keys: a product filter is read from the index
    // entries in the sort's order (migration 0021), with no probe of the items per order.
    index("order_groups_created_idx").on(t.createdAt, t.id, t.productIds),
    index("order_groups_delivery_idx").on(t.deliveryDate, t.id, t.productIds),
    index("order_groups_total_idx").on(t.totalPence, t.id, t.productIds),
    index("order_groups_status_created_idx").on(t.status, t.createdAt, t.id),
    index("order_groups_payment_created_idx").on(t.paymentMethod, t.createdAt, t.id),
    index("order_groups_active_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} not in ('Dispatched', 'Shipped', 'Cancelled')`),
    index("order_groups_active_delivery_idx")
      .on(t.deliveryDate, t.id)
      .where(sql`${t.status} not in ('Dispatched', 'Shipped', 'Cancelled')`),
    // A filter with another sort than placed (migration 0019): an equality filter beside each sort key, and
    // the placed and dispatch-by ranges with every sort key in the entry, so the page's ids come from the
    // index alone (the desk picks ids first, then their rows).
    index("order_groups_status_delivery_idx").on(t.status, t.deliveryDate, t.id),
    index("order_groups_status_total_idx").on(t.status, t.totalPence, t.id),
    index("order_groups_payment_delivery_idx").on(t.paymentMethod, t.deliveryDate, t.id),
    index("order_groups_payment_total_idx").on(t.paymentMethod, t.totalPence, t.id),
    index("order_groups_created_keys_idx").on(t.createdAt, t.deliveryDate, t.totalPence, t.id),
    index("order_groups_delivery_keys_idx").on(t.deliveryDate, t.createdAt, t.totalPence, t.id),
    index("order_groups_active_total_idx")
      .on(t.totalPence, t.id, t.deliveryDate, t.status)
      .where(sql`${t.status} not in ('Dispatched', 'Shipped', 'Cancelled')`),
    // Express orders sorted by total (the orders desk): one in eight orders, so the plain total index filtered
    // row by row walked thousands of standard orders first.
    index("order_groups_express_total_idx").on(t.totalPence, t.id).where(sql`${t.hasExpress}`),
    index("order_groups_po_idx").on(sql`lower(${t.poNumber})`),
    index("order_groups_tracking_idx").on(sql`upper(replace(${t.trackingNumber}, ' ', ''))`),
    index("order_groups_delivery_postcode_idx").on(sql`upper(replace(${t.delivery} ->> 'postcode', ' ', ''))`),
    index("order_groups_billing_postcode_idx").on(sql`upper(replace(${t.billing} ->> 'postcode', ' ', ''))`),
    index("order_groups_billing_name_idx").on(sql`lower((${t.billing} ->> 'first_name') || ' ' || (${t.billing} ->> 'last_name')) text_pattern_ops`),
    index("order_groups_billing_last_name_idx").on(sql`lower(${t.billing} ->> 'last_name') text_pattern_ops`),
    check("order_groups_total_check", sql`${t.totalPence} = ${t.subTotalPence} - ${t.promoDiscountPence} + ${t.deliveryPence} + ${t.vatPence}`),
  ],
);

/** One ordered item (the spec's "order"), with a snapshot of what was sold at what price. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lineNumber: integer("line_number").notNull(),
    productId: integer("product_id").notNull(),
    productName: text("product_name").notNull(),
    productSlug: text("product_slug").notNull(),
    image: text("image"),
    quantity: integer("quantity").notNull(),
    versions: integer("versions").notNull(),
    widthMm: doublePrecision("width_mm"),
    heightMm: doublePrecision("height_mm"),
    orientation: text("orientation").$type<"Portrait" | "Landscape" | null>(),
    fixedSize: text("fixed_size"),
    attributes: jsonb("attributes").$type<{ group: string; subattribute_id: number; subattribute_name: string }[]>().notNull(),
    express: boolean("express").notNull().default(false),
    unitPence: integer("unit_pence").notNull(),
    undiscountedLinePence: integer("undiscounted_line_pence").notNull(),
    tierPercent: integer("tier_percent").notNull(),
    /** The whole line: the print and the design service (`designFeePence` of it). */
    linePence: integer("line_pence").notNull(),
    /** Designs the shop makes for this item (0: the customer supplies artwork), and their fee (docs/decisions/027-design-service-money-and-dates.md). */
    designs: integer("designs").notNull().default(0),
    designFeePence: integer("design_fee_pence").notNull().default(0),
    /** Working days from dispatch to delivery chosen at checkout; a designed item counts them from its approval. */
    turnaroundDays: integer("turnaround_days"),
    deliveryDate: date("delivery_date", { mode: "string" }).notNull(),
    status: text("status").$type<OrderStatus>().notNull(),
    notes: text("notes").notNull().default(""),
    attributesAttachedAt: timestamp("attributes_attached_at", { withTimezone: true }),
    /** Reorder: the earlier item whose approved artwork this one takes over (copied when the order is made). */
    reuseArtworkFrom: integer("reuse_artwork_from"),
    rejectionReason: text("rejection_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_group_idx").on(t.orderGroupId, t.lineNumber),
    index("orders_user_idx").on(t.userId),
    // The staff queue: items by status, most urgent delivery first.
    index("orders_status_delivery_idx").on(t.status, t.deliveryDate, t.id),
    // The orders desk's product and turnaround filters: the orders that have one.
    index("orders_product_group_idx").on(t.productId, t.orderGroupId),
    index("orders_express_group_idx").on(t.orderGroupId).where(sql`${t.express}`),
    check("orders_quantity_check", sql`${t.quantity} >= 1 and ${t.versions} >= 1 and ${t.versions} <= ${t.quantity}`),
    check("orders_design_fee_check", sql`${t.designFeePence} >= 0 and ${t.designFeePence} <= ${t.linePence} and ${t.designs} >= 0`),
  ],
);

/** The artwork of one version of an item: the customer's file, the print PDF, previews and the preflight. */
export const orderFiles = pgTable(
  "order_files",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    versionNumber: integer("version_number").notNull(),
    quantity: integer("quantity").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    originalKey: text("original_key"),
    pdfKey: text("pdf_key").notNull(),
    thumbnailKey: text("thumbnail_key").notNull(),
    proofKey: text("proof_key"),
    preflight: jsonb("preflight").$type<StoredPreflight | null>(),
    approved: boolean("approved").notNull().default(false),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_files_version_key").on(t.orderId, t.versionNumber),
    check("order_files_quantity_check", sql`${t.quantity} >= 1 and ${t.versionNumber} >= 1`),
  ],
);

/** Every status change of an order or one of its items: who, from, to, when (STYLE: the lifecycle). */
export const orderEvents = pgTable(
  "order_events",
  {
    id: serial("id").primaryKey(),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actor: text("actor").$type<"customer" | "staff" | "payment" | "system">().notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_events_group_idx").on(t.orderGroupId, t.id)],
);

/** Gap-free numbering (VAT invoices): a row per sequence, advanced inside the transaction that uses it. */
export const counters = pgTable("counters", {
  name: text("name").primaryKey(),
  value: integer("value").notNull(),
});

/**
 * The built-in test payment provider's sessions (docs/decisions/010-payment-and-address-providers.md): what a hosted checkout page would
 * hold at a card processor, kept in the shop's own database so it survives a restart.
 */
export const testPaymentSessions = pgTable(
  "test_payment_sessions",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    clientReferenceId: text("client_reference_id").notNull(),
    customerEmail: text("customer_email").notNull(),
    amountTotalPence: integer("amount_total_pence").notNull(),
    currency: text("currency").notNull(),
    lineItems: jsonb("line_items").$type<{ name: string; description?: string; amountPence: number; quantity: number }[]>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull(),
    status: text("status").$type<"open" | "complete" | "expired">().notNull().default("open"),
    paymentStatus: text("payment_status").$type<"paid" | "unpaid">().notNull().default("unpaid"),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    declines: integer("declines").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("test_payment_sessions_idempotency_key").on(t.idempotencyKey)],
);
