// After the sale (cancellations and refunds): what each part of an order is worth, what can still be
// given back, and how an amount splits into net and VAT for the credit note. Whole pence throughout.
//
// An order's total is shared out once into parts: each item (its print less its share of the promo
// discount), each item's design service (never discounted: docs/decisions/027-design-service-money-and-dates.md) and delivery, with the
// order's VAT shared over them in proportion to their net. The parts'
// grosses add up to the order's total exactly, so refunding every part in full gives back exactly what
// was paid, and no mix of refunds can give back more.
import { allocatePence } from "./checkout";
import { formatPence, rational, roundHalfUp } from "./money";
import { canCancel, type OrderStatus } from "./order-status";

export type RefundPartKey = `item:${number}` | `design:${number}` | "delivery";

export type RefundableItem = {
  id: number;
  productId: number;
  productName: string;
  quantity: number;
  /** The whole line, its design service included. */
  linePence: number;
  status: OrderStatus;
  /** The design service's part of the line, and how many designs it pays for (0 or absent: none). */
  designFeePence?: number;
  designs?: number;
  /** A proof has reached the customer: the design service has been given, and is kept on cancellation. */
  proofDelivered?: boolean;
};

export type RefundableOrder = {
  items: readonly RefundableItem[];
  promoDiscountPence: number;
  deliveryPence: number;
  vatPence: number;
  totalPence: number;
};

/** One part of an order, at its full worth. */
export type RefundPart = {
  key: RefundPartKey;
  orderId: number | null;
  productId: number | null;
  description: string;
  quantity: number | null;
  netPence: number;
  vatPence: number;
  grossPence: number;
};

/** What a credit note gives back on one part (a refund may give back part of a part). */
export type CreditLine = RefundPart;

export const itemKey = (orderId: number): RefundPartKey => `item:${orderId}`;
export const designKey = (orderId: number): RefundPartKey => `design:${orderId}`;

/** What a part is, from its key: an item's print, an item's design service, or delivery. */
export function partOf(key: RefundPartKey): { kind: "item" | "design"; orderId: number } | { kind: "delivery"; orderId: null } {
  if (key === "delivery") return { kind: "delivery", orderId: null };
  const [kind, id] = key.split(":");
  return { kind: kind === "design" ? "design" : "item", orderId: Number(id) };
}

/** The design service's part as the credit note names it. */
export const designPartDescription = (productName: string) => `Design service (${productName})`;

/**
 * The order's parts at full worth: each item, then its design service if it has one, in the items' order,
 * then delivery. Their grosses sum to the total.
 */
export function refundParts(order: RefundableOrder): RefundPart[] {
  const fee = (item: RefundableItem) => item.designFeePence ?? 0;
  const prints = order.items.map((item) => item.linePence - fee(item));
  const promoShares = prints.some((pence) => pence > 0) ? allocatePence(order.promoDiscountPence, prints) : prints.map(() => 0);
  const shaped = order.items.flatMap((item, index) => {
    const print = { key: itemKey(item.id), item, description: item.productName, quantity: item.quantity, netPence: prints[index]! - promoShares[index]! };
    if (fee(item) === 0) return [print];
    return [print, { key: designKey(item.id), item, description: designPartDescription(item.productName), quantity: item.designs ?? 1, netPence: fee(item) }];
  });
  const nets = [...shaped.map((part) => part.netPence), order.deliveryPence];
  const vats = nets.some((pence) => pence > 0) ? allocatePence(order.vatPence, nets) : nets.map(() => 0);
  const parts: RefundPart[] = shaped.map((part, index) => ({
    key: part.key,
    orderId: part.item.id,
    productId: part.item.productId,
    description: part.description,
    quantity: part.quantity,
    netPence: part.netPence,
    vatPence: vats[index]!,
    grossPence: part.netPence + vats[index]!,
  }));
  const deliveryVat = vats[shaped.length]!;
  parts.push({ key: "delivery", orderId: null, productId: null, description: "Delivery", quantity: null, netPence: order.deliveryPence, vatPence: deliveryVat, grossPence: order.deliveryPence + deliveryVat });
  return parts;
}

/** Each part less what earlier credit notes (and refunds still with the provider) have given back. */
export function remainingParts(parts: readonly RefundPart[], credited: readonly CreditLine[]): RefundPart[] {
  return parts.map((part) => {
    const given = credited.filter((line) => line.key === part.key);
    const net = given.reduce((sum, line) => sum + line.netPence, 0);
    const vat = given.reduce((sum, line) => sum + line.vatPence, 0);
    return { ...part, netPence: part.netPence - net, vatPence: part.vatPence - vat, grossPence: part.grossPence - net - vat };
  });
}

/** The most that can still be given back on the whole order. */
export function refundablePence(parts: readonly RefundPart[], credited: readonly CreditLine[]): number {
  return remainingParts(parts, credited).reduce((sum, part) => sum + part.grossPence, 0);
}

/**
 * `amountPence` (VAT included) of what is left of a part, split into net and VAT. The whole remainder
 * takes the whole remaining VAT; less takes VAT in proportion, rounded half up, so repeated partial
 * refunds of a part end exactly at its worth.
 */
export function splitCredit(left: RefundPart, amountPence: number): CreditLine {
  const vatPence = amountPence === left.grossPence ? left.vatPence : roundHalfUp(rational(BigInt(amountPence) * BigInt(left.vatPence), BigInt(left.grossPence)));
  return { ...left, netPence: amountPence - vatPence, vatPence, grossPence: amountPence };
}

export type RefundRequestLine = { key: RefundPartKey; amountPence: number };

/** A refusal is `invalid` when the request names something wrong, otherwise the order's state forbids it. */
export type CreditDecision = { ok: true; lines: CreditLine[]; netPence: number; vatPence: number; grossPence: number } | { ok: false; message: string; invalid?: true };

export const REFUND_MESSAGES = {
  nothing: "Choose at least one amount to refund.",
  twice: "Each item and delivery can appear once in a refund.",
  notOnOrder: (key: string) => `${key === "delivery" ? "Delivery" : key.startsWith("design:") ? `The design service of item ${key.slice(7)}` : `Item ${key.slice(5)}`} is not part of this order.`,
  tooMuch: (description: string, leftPence: number) =>
    leftPence === 0 ? `${description} has already been refunded in full.` : `${description}: at most ${formatPence(leftPence)} can still be refunded.`,
  notPositive: "Each amount to refund must be at least 1p.",
  notCancellable: (names: string) => `${names} cannot be cancelled now: printing has started. Please contact us and we will help.`,
  alreadyCancelled: (names: string) => `${names} is already cancelled.`,
  notOnOrderItem: "That item is not part of this order.",
  reprintNotRefundable: "A reprint costs nothing, so there is nothing to refund or cancel.",
} as const;

function totals(lines: CreditLine[]): CreditDecision {
  return {
    ok: true,
    lines,
    netPence: lines.reduce((sum, line) => sum + line.netPence, 0),
    vatPence: lines.reduce((sum, line) => sum + line.vatPence, 0),
    grossPence: lines.reduce((sum, line) => sum + line.grossPence, 0),
  };
}

/** A manager's refund: each chosen part by an amount no more than is left of it. */
export function decideRefund(parts: readonly RefundPart[], credited: readonly CreditLine[], request: readonly RefundRequestLine[]): CreditDecision {
  const wanted = request.filter((line) => line.amountPence !== 0);
  if (wanted.length === 0) return { ok: false, message: REFUND_MESSAGES.nothing, invalid: true };
  if (new Set(wanted.map((line) => line.key)).size !== wanted.length) return { ok: false, message: REFUND_MESSAGES.twice, invalid: true };
  const left = remainingParts(parts, credited);
  const lines: CreditLine[] = [];
  for (const line of wanted) {
    const part = left.find((p) => p.key === line.key);
    if (!part) return { ok: false, message: REFUND_MESSAGES.notOnOrder(line.key), invalid: true };
    if (!Number.isSafeInteger(line.amountPence) || line.amountPence < 1) return { ok: false, message: REFUND_MESSAGES.notPositive, invalid: true };
    if (line.amountPence > part.grossPence) return { ok: false, message: REFUND_MESSAGES.tooMuch(part.description, part.grossPence) };
    lines.push(splitCredit(part, line.amountPence));
  }
  return totals(lines);
}

/**
 * A customer's cancellation of some items: all that is left of each, and of delivery too when nothing
 * would be left to deliver. An item's design service comes back with it until a proof has reached the
 * customer; after that the design has been made and the fee is kept (docs/decisions/027-design-service-money-and-dates.md). Refused when
 * any of them is past the point of no return.
 */
export function decideCancellation(order: RefundableOrder, credited: readonly CreditLine[], orderIds: readonly number[]): CreditDecision {
  const chosen = order.items.filter((item) => orderIds.includes(item.id));
  if (chosen.length === 0 || chosen.length !== new Set(orderIds).size) return { ok: false, message: REFUND_MESSAGES.notOnOrderItem, invalid: true };
  const cancelled = chosen.filter((item) => item.status === "Cancelled");
  if (cancelled.length > 0) return { ok: false, message: REFUND_MESSAGES.alreadyCancelled(cancelled.map((item) => item.productName).join(", ")) };
  const started = chosen.filter((item) => !canCancel(item.status));
  if (started.length > 0) return { ok: false, message: REFUND_MESSAGES.notCancellable(started.map((item) => item.productName).join(", ")) };
  const nothingLeftToSend = order.items.every((item) => item.status === "Cancelled" || orderIds.includes(item.id));
  const keys = new Set<RefundPartKey>([
    ...chosen.map((item) => itemKey(item.id)),
    ...chosen.filter((item) => !item.proofDelivered).map((item) => designKey(item.id)),
    ...(nothingLeftToSend ? (["delivery"] as const) : []),
  ]);
  const lines = remainingParts(refundParts(order), credited).filter((part) => keys.has(part.key) && part.grossPence > 0);
  return totals(lines);
}

/** "CN-000007": the credit note's number as the customer reads it. */
export function creditNoteNumberLabel(n: number): string {
  return `CN-${String(n).padStart(6, "0")}`;
}

export const REFUND_REASONS = ["Cancelled by the customer", "Faulty print", "Damaged in transit", "Late delivery", "Goodwill", "Other"] as const;
export const REPRINT_REASONS = ["Faulty print", "Damaged in transit", "Lost in transit"] as const;
