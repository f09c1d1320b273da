// Orders in the spec's field names (section 3), pounds where the spec has pounds, with the exact pence
// figures beside them for clients that want them.
import { z } from "zod";
import { savedAddressSchema } from "../../../domain/address";
import { lineSizeLabel } from "../../../domain/checkout";
import { DESIGN_STATES } from "../../../domain/design-service";
import { canCancel, ORDER_STATUSES } from "../../../domain/order-status";
import { creditNoteNumberLabel, partOf, refundablePence, refundParts } from "../../../domain/refund";
import { invoiceNumberLabel } from "../../../domain/invoice";
import { penceToPounds } from "../../../domain/money";
import type { OrderFileRow, OrderGroupDetail, OrderListEntry, RefundRow } from "../../services/order-service";

export const preflightSchema = z.object({
  verdict: z.enum(["pass", "warn", "fail"]),
  checks: z.array(z.object({ code: z.string(), level: z.enum(["warn", "fail"]), message: z.string() })),
});

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderFileSchema = z.object({
  id: z.number().int(),
  version_number: z.number().int(),
  qty: z.number().int(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  approved: z.boolean(),
  notes: z.string(),
  preflight: preflightSchema.nullable(),
  thumbnail_url: z.string(),
  pdf_url: z.string(),
  proof_url: z.string().nullable(),
  uploaded_at: z.string(),
});

/** One item of an order: what was ordered, its price, its progress and its artwork versions. */
export const orderItemSchema = z.object({
  order_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  image: z.string().nullable(),
  qty: z.number().int(),
  versions: z.number().int(),
  price: z.number(),
  price_pence: z.number().int(),
  /** Designs the shop makes for this item (0: the customer's own artwork), and the design service's part of price_pence. */
  designs: z.number().int(),
  design_fee_pence: z.number().int(),
  /** A designed item's design job: where it stands, when the next proof is due, how many proofs so far, who designs it. */
  design_job: z.object({ state: z.enum(DESIGN_STATES), proof_due: z.string().nullable(), proofs: z.number().int(), designer: z.string().nullable(), approved_at: z.string().nullable() }).nullable(),
  /** A proof has reached the customer: the design service is kept if the item is cancelled. */
  design_proof_delivered: z.boolean(),
  /** Working days from dispatch to delivery (a designed item counts them from its approval); null for items ordered before it was kept. */
  turnaround_days: z.number().int().nullable(),
  unit_pence: z.number().int(),
  tier_percent: z.number().int(),
  size: z.string(),
  width_mm: z.number().nullable(),
  height_mm: z.number().nullable(),
  orientation: z.string().nullable(),
  attributes: z.array(z.object({ group: z.string(), subattribute: z.string(), subattribute_id: z.number().int() })),
  status: orderStatusSchema,
  express: z.boolean(),
  delivery_date: z.string(),
  notes: z.string(),
  rejection_reason: z.string().nullable(),
  attributes_attached: z.boolean(),
  files: z.array(orderFileSchema),
});

export const refundSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["cancellation", "refund"]),
  status: z.enum(["pending", "succeeded", "failed"]),
  reason: z.string(),
  amount_pence: z.number().int(),
  net_pence: z.number().int(),
  vat_pence: z.number().int(),
  /** `part`: an item's print, its design service, or delivery. */
  lines: z.array(z.object({ order_id: z.number().int().nullable(), part: z.enum(["item", "design", "delivery"]), description: z.string(), amount_pence: z.number().int(), net_pence: z.number().int(), vat_pence: z.number().int() })),
  credit_note_number: z.string().nullable(),
  credit_note_url: z.string().nullable(),
  failure: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});

export function refundView(groupId: number, refund: RefundRow, base = "/api/orders/group") {
  return {
    id: refund.id,
    kind: refund.kind,
    status: refund.status,
    reason: refund.reason,
    amount_pence: refund.amountPence,
    net_pence: refund.netPence,
    vat_pence: refund.vatPence,
    lines: refund.lines.map((line) => ({ order_id: line.orderId, part: partOf(line.key).kind, description: line.description, amount_pence: line.grossPence, net_pence: line.netPence, vat_pence: line.vatPence })),
    credit_note_number: refund.creditNoteNumber === null ? null : creditNoteNumberLabel(refund.creditNoteNumber),
    credit_note_url: refund.creditNoteNumber === null ? null : `${base}/${groupId}/credit-notes/${refund.id}`,
    failure: refund.failure,
    created_at: refund.createdAt.toISOString(),
    completed_at: refund.completedAt?.toISOString() ?? null,
  };
}

export const orderGroupSchema = z.object({
  order_group_id: z.number().int(),
  created_at: z.string(),
  status: orderStatusSchema,
  total_amount: z.number(),
  payment_status: z.string(),
  payment_method: z.string(),
  /** The card that paid ("visa", "mastercard" …) and its last four digits; null when the processor did not say. */
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  user_email: z.string(),
  delivery_date: z.string(),
  billingAddress: savedAddressSchema,
  deliveryAddress: savedAddressSchema,
  delivery_address: z.object({ address1: z.string(), address2: z.string(), town: z.string(), city: z.string(), county: z.string(), postcode: z.string(), country: z.string() }),
  sub_total_pence: z.number().int(),
  promo_code: z.string().nullable(),
  /** The buyer's purchase-order number, if they gave one at checkout. */
  po_number: z.string().nullable(),
  /** On account: the day the invoice falls due (ISO); null when paid by card. */
  due_date: z.string().nullable(),
  promo_discount_pence: z.number().int(),
  delivery_pence: z.number().int(),
  vat_pence: z.number().int(),
  total_pence: z.number().int(),
  invoice_number: z.string().nullable(),
  invoice_url: z.string().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  dispatched_at: z.string().nullable(),
  ship_unbranded: z.boolean(),
  products: z.array(orderItemSchema),
  /** A reprint under the print guarantee: the order it reprints and why (no charge, no invoice). */
  reprint_of: z.number().int().nullable(),
  reprint_reason: z.string().nullable(),
  /** Reprints raised from this order. */
  reprints: z.array(z.object({ order_group_id: z.number().int(), created_at: z.string(), reason: z.string().nullable(), status: orderStatusSchema })),
  /** Cancellations and refunds, oldest first, each with its credit note once made. */
  refunds: z.array(refundSchema),
  /** Given back so far (completed refunds), and what could still be given back. */
  refunded_pence: z.number().int(),
  refundable_pence: z.number().int(),
  /** The items the customer may still cancel (nothing has started printing on them). */
  cancellable_order_ids: z.array(z.number().int()),
  events: z.array(z.object({ order_id: z.number().int().nullable(), from: z.string().nullable(), to: z.string(), note: z.string().nullable(), at: z.string(), by: z.string() })),
});

export const orderListEntrySchema = z.object({
  order_group_id: z.number().int(),
  created_at: z.string(),
  status: orderStatusSchema,
  total_amount: z.number(),
  total_pence: z.number().int(),
  payment_status: z.string(),
  delivery_date: z.string(),
  products: z.number().int(),
});

export function fileView(file: OrderFileRow) {
  return {
    id: file.id,
    version_number: file.versionNumber,
    qty: file.quantity,
    file_name: file.fileName,
    size_bytes: file.sizeBytes,
    approved: file.approved,
    notes: file.notes,
    preflight: file.preflight,
    thumbnail_url: `/api/files/${file.id}/thumbnail`,
    pdf_url: `/api/files/${file.id}/pdf`,
    proof_url: file.proofKey ? `/api/files/${file.id}/proof` : null,
    uploaded_at: file.updatedAt.toISOString(),
  };
}

export function orderGroupView(group: OrderGroupDetail, creditNoteBase = "/api/orders/group") {
  const d = group.delivery;
  const live = group.refunds.filter((refund) => refund.status !== "failed");
  const chargeable = group.reprintOf === null && group.totalPence > 0;
  return {
    order_group_id: group.id,
    created_at: group.createdAt.toISOString(),
    status: group.status,
    total_amount: penceToPounds(group.totalPence),
    payment_status: group.paymentStatus,
    payment_method: group.paymentMethod,
    card_brand: group.cardBrand,
    card_last4: group.cardLast4,
    user_email: group.userEmail,
    delivery_date: group.deliveryDate,
    billingAddress: group.billing,
    deliveryAddress: group.delivery,
    delivery_address: { address1: d.address1, address2: d.address2, town: d.town, city: d.town, county: d.county, postcode: d.postcode, country: d.country },
    sub_total_pence: group.subTotalPence,
    promo_code: group.promoCode,
    po_number: group.poNumber,
    due_date: group.dueDate,
    promo_discount_pence: group.promoDiscountPence,
    delivery_pence: group.deliveryPence,
    vat_pence: group.vatPence,
    total_pence: group.totalPence,
    invoice_number: invoiceNumberLabel(group.invoiceNumber),
    invoice_url: group.invoiceNumber === null ? null : `/api/orders/group/${group.id}/invoice`,
    carrier: group.carrier,
    tracking_number: group.trackingNumber,
    dispatched_at: group.dispatchedAt?.toISOString() ?? null,
    ship_unbranded: group.blindShipping !== null,
    products: group.items.map((item) => ({
      order_id: item.id,
      product_id: item.productId,
      product_name: item.productName,
      product_slug: item.productSlug,
      image: item.image,
      qty: item.quantity,
      versions: item.versions,
      price: penceToPounds(item.linePence),
      price_pence: item.linePence,
      designs: item.designs,
      design_fee_pence: item.designFeePence,
      design_job: item.designJob
        ? { state: item.designJob.state, proof_due: item.designJob.proofDue, proofs: item.designJob.proofs, designer: item.designJob.designerName, approved_at: item.designJob.approvedAt?.toISOString() ?? null }
        : null,
      design_proof_delivered: (item.designJob?.proofs ?? 0) > 0,
      turnaround_days: item.turnaroundDays,
      unit_pence: item.unitPence,
      tier_percent: item.tierPercent,
      size: lineSizeLabel(item),
      width_mm: item.widthMm,
      height_mm: item.heightMm,
      orientation: item.orientation,
      attributes: item.attributes.map((a) => ({ group: a.group, subattribute: a.subattribute_name, subattribute_id: a.subattribute_id })),
      status: item.status,
      express: item.express,
      delivery_date: item.deliveryDate,
      notes: item.notes,
      rejection_reason: item.rejectionReason,
      attributes_attached: item.attributesAttachedAt !== null,
      files: item.files.map(fileView),
    })),
    reprint_of: group.reprintOf,
    reprint_reason: group.reprintReason,
    reprints: group.reprints.map((r) => ({ order_group_id: r.id, created_at: r.createdAt.toISOString(), reason: r.reprintReason, status: r.status })),
    refunds: group.refunds.map((refund) => refundView(group.id, refund, creditNoteBase)),
    refunded_pence: group.refunds.filter((refund) => refund.status === "succeeded").reduce((sum, refund) => sum + refund.amountPence, 0),
    refundable_pence: chargeable ? refundablePence(refundParts(group), live.flatMap((refund) => refund.lines)) : 0,
    cancellable_order_ids: chargeable ? group.items.filter((item) => canCancel(item.status)).map((item) => item.id) : [],
    events: group.events.map((e) => ({ order_id: e.orderId, from: e.fromStatus, to: e.toStatus, note: e.note, at: e.createdAt.toISOString(), by: e.actor })),
  };
}

export function orderListEntryView(entry: OrderListEntry) {
  return {
    order_group_id: entry.id,
    created_at: entry.createdAt.toISOString(),
    status: entry.status,
    total_amount: penceToPounds(entry.totalPence),
    total_pence: entry.totalPence,
    payment_status: entry.paymentStatus,
    delivery_date: entry.deliveryDate,
    products: entry.productCount,
  };
}
