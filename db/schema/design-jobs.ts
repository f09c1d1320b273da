// The design service (docs/decisions/027-design-service-money-and-dates.md): one job per designed item, its brief and the customer's files,
// the designers' numbered proofs (one file per design), and the customer's amends. The item itself keeps
// the order lifecycle (Awaiting Artwork until the design is approved, then Print Ready); the job's own
// progress is here. Also the payment links for a reprint with new artwork after a claim.
import { sql } from "drizzle-orm";
import { bigint, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { DesignState } from "../../domain/design-service";
import { users } from "./accounts";
import { checkouts, orderGroups, orders, type StoredPreflight } from "./orders";

/** One per designed item, made with the order. */
export const designJobs = pgTable(
  "design_jobs",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Designs to make (the item's versions); one file per design in every proof. */
    designs: integer("designs").notNull(),
    state: text("state").$type<DesignState>().notNull().default("brief"),
    wording: text("wording").notNull().default(""),
    colours: text("colours").notNull().default(""),
    style: text("style").notNull().default(""),
    notes: text("notes").notNull().default(""),
    /** Each design's quantity (several designs only). */
    quantities: jsonb("quantities").$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    briefSentAt: timestamp("brief_sent_at", { withTimezone: true }),
    /** When the desk owes the next proof (UK date); null while the customer holds the job. */
    proofDue: date("proof_due", { mode: "string" }),
    /** The designer (a member of staff) who took the brief. */
    designerUserId: integer("designer_user_id").references(() => users.id, { onDelete: "set null" }),
    takenAt: timestamp("taken_at", { withTimezone: true }),
    approvedProofId: integer("approved_proof_id"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("design_jobs_order_key").on(t.orderId),
    // The desk: jobs by state, most urgent proof first.
    index("design_jobs_desk_idx").on(t.state, t.proofDue, t.id),
    check("design_jobs_state_check", sql`${t.state} in ('brief', 'designing', 'proof_sent', 'approved')`),
    check("design_jobs_designs_check", sql`${t.designs} >= 1`),
  ],
);

/** A designer's proof: version 1, 2 … of the job, with the designer's note. */
export const designProofs = pgTable(
  "design_proofs",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => designJobs.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    note: text("note").notNull().default(""),
    designerUserId: integer("designer_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("design_proofs_version_key").on(t.jobId, t.version), check("design_proofs_version_check", sql`${t.version} >= 1`)],
);

/** One design of a proof: the designer's file, made print-ready at the ordered size and checked like customer artwork. */
export const designProofFiles = pgTable(
  "design_proof_files",
  {
    id: serial("id").primaryKey(),
    proofId: integer("proof_id")
      .notNull()
      .references(() => designProofs.id, { onDelete: "cascade" }),
    designNumber: integer("design_number").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    originalKey: text("original_key").notNull(),
    pdfKey: text("pdf_key").notNull(),
    thumbnailKey: text("thumbnail_key").notNull(),
    /** PNG of the print PDF's first page: what the customer looks at. */
    previewKey: text("preview_key").notNull(),
    preflight: jsonb("preflight").$type<StoredPreflight>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("design_proof_files_design_key").on(t.proofId, t.designNumber), check("design_proof_files_design_check", sql`${t.designNumber} >= 1`)],
);

/** The customer's amends to a proof: what to change, due back from the desk by `proofDue`. */
export const designAmends = pgTable(
  "design_amends",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => designJobs.id, { onDelete: "cascade" }),
    proofId: integer("proof_id")
      .notNull()
      .references(() => designProofs.id, { onDelete: "cascade" }),
    comments: text("comments").notNull(),
    proofDue: date("proof_due", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("design_amends_job_idx").on(t.jobId, t.id)],
);

/**
 * The customer's files for the designer: logos, photos and references with the brief (`brief`), or with
 * amends (`amends`: waiting for the amends to be sent while `amendId` is null). Checked by content.
 */
export const designFiles = pgTable(
  "design_files",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => designJobs.id, { onDelete: "cascade" }),
    stage: text("stage").$type<"brief" | "amends">().notNull(),
    amendId: integer("amend_id").references(() => designAmends.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    key: text("key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("design_files_job_idx").on(t.jobId, t.id), check("design_files_stage_check", sql`${t.stage} in ('brief', 'amends')`)],
);

/**
 * A reprint with new artwork after a damage claim, charged at 50% of the item's price: the payment the
 * shop asks for (a checkout the customer pays through a link), for which item of which order, and why.
 * Paid when its checkout has become an order.
 */
export const redesignRequests = pgTable(
  "redesign_requests",
  {
    id: serial("id").primaryKey(),
    orderGroupId: integer("order_group_id")
      .notNull()
      .references(() => orderGroups.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    checkoutId: text("checkout_id")
      .notNull()
      .references(() => checkouts.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    requestedBy: integer("requested_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("redesign_requests_checkout_key").on(t.checkoutId), index("redesign_requests_group_idx").on(t.orderGroupId, t.id)],
);
