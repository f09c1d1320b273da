// Checkout rules shared by the payment page and the server (docs/decisions/003-money-and-pricing.md, docs/decisions/005-checkout-exactly-once.md): the basket lines as
// sent, re-priced from the catalogue into snapshots; the client's Total compared with the server's; and
// the payment's line items, which must add up to the charged total exactly.
import { z } from "zod";
import type { ProductView } from "./catalogue";
import type { Design } from "./design/schema";
import { fixedSizeLabel } from "./catalogue";
import { isExpressSelection, priceConfiguration, selectionWorkingDays, validateConfiguration } from "./configuration";
import { deliveryDate } from "./delivery";
import { DESIGN_MESSAGES, DESIGN_SERVICE_NAME, designFeeDetail, MAX_DESIGNS_PER_ITEM, provisionalDesignDelivery } from "./design-service";
import { rowId } from "./ids";
import { formatPence } from "./money";
import type { OrderTotals } from "./totals";

/** The most one order may come to, in pounds: a larger Total is a mistake or an attack, refused at once. */
export const MAX_ORDER_POUNDS = 1_000_000;

/** The client's Total may differ from the server's by rounding of a pound figure, never more. */
export const TOTAL_TOLERANCE_PENCE = 1;

export const CHECKOUT_MESSAGES = {
  couldNotStart: "Could not start payment. Please try again.",
  accountProblem: "There was a problem with your account. Please log in again or contact support.",
  emptyBasket: "Your basket is empty. Please add items to continue.",
  paymentFailed: "Unfortunately, your payment was not successful. Please try again or contact support if the problem persists.",
  noAddress: "Please enter your billing and delivery address before paying.",
  notPaid: "This payment has not been completed.",
  paymentCancelled: "Payment cancelled. Nothing has been charged, and your details are as you left them.",
} as const;

/** The payment page's 'Cancel and go back' link: the address step, told why the customer is back. */
export const PAYMENT_CANCELLED_PATH = "/checkout/address-and-delivery?payment=cancelled";

/** Purchase-order numbers are at most this long (the common limit of accounting systems' reference fields). */
export const PO_NUMBER_MAX = 35;

/**
 * A business buyer's purchase-order number, optional: letters, digits, spaces and / - . _ # only, so
 * it prints the same on the invoice, the packing slip and the buyer's own books. Empty is none.
 */
export const purchaseOrderSchema = z
  .string({ error: "The purchase-order number must be text" })
  .trim()
  .max(PO_NUMBER_MAX, `The purchase-order number must be at most ${PO_NUMBER_MAX} characters`)
  .regex(/^[A-Za-z0-9 /\-._#]*$/, "The purchase-order number may contain letters, digits, spaces and / - . _ # only")
  .nullish()
  .transform((value) => (value ? value.replace(/\s+/g, " ") : null));

export function totalMismatchMessage(clientPence: number, serverPence: number): string {
  return `The total has changed from ${formatPence(clientPence)} to ${formatPence(serverPence)}. Please check your basket before paying.`;
}

/** One basket line as the payment page sends it beside the spec's fields (money is never trusted). */
export const checkoutLineRequestSchema = z.object({
  productId: rowId("productId"),
  customWidth: z.number().finite().nullable().optional(),
  customHeight: z.number().finite().nullable().optional(),
  quantity: z.number().int().min(1).max(100_000),
  versions: z.number().int().min(1).max(1000).default(1),
  orientation: z.enum(["Portrait", "Landscape"]).nullable().optional(),
  attributes: z
    .array(z.object({ group: z.string().max(100).optional(), subattribute_id: rowId("subattribute_id"), subattribute_name: z.string().max(200).optional() }))
    .max(50)
    .default([]),
  /** Reorder: an earlier item of this customer whose approved artwork the new item takes over. */
  reuseArtworkFrom: rowId("reuseArtworkFrom").nullable().optional(),
  /** "Design it for me": the shop designs each version, at the design service's fee (docs/decisions/027-design-service-money-and-dates.md). */
  designService: z.boolean().default(false),
  /** A design of this customer's, made in the online editor at this line's size: it becomes version 1's artwork. */
  designId: rowId("designId").nullable().optional(),
});
export type CheckoutLineRequest = z.output<typeof checkoutLineRequestSchema>;

/** A line as sold: what was chosen, with the names and prices of that moment (the order keeps it). */
export type CheckoutLine = {
  productId: number;
  productName: string;
  productSlug: string;
  image: string | null;
  quantity: number;
  versions: number;
  widthMm: number | null;
  heightMm: number | null;
  orientation: "Portrait" | "Landscape" | null;
  fixedSize: string | null;
  attributes: { group: string; subattribute_id: number; subattribute_name: string }[];
  express: boolean;
  unitPence: number;
  undiscountedLinePence: number;
  tierPercent: number;
  /** The whole line: the print and, for a designed line, the design service (`designFeePence`). */
  linePence: number;
  /** Designs the shop makes (0: the customer supplies artwork) and their fee, part of linePence. Absent on lines stored before the design service. */
  designs?: number;
  designFeePence?: number;
  /** Working days from dispatch to delivery (the turnaround chosen); a designed line counts them from its approval. */
  turnaroundDays?: number;
  /** ISO date promised at payment; for a designed line, as if the first proof is approved the day it is due. */
  deliveryDate: string;
  /** The earlier item whose approved artwork is copied to this one when the order is made. */
  reuseArtworkFrom?: number | null;
  /** The design (as it was when payment started) whose print file becomes version 1's artwork once paid. */
  design?: DesignSnapshot | null;
};

/** A design as a checkout keeps it: later edits to the draft do not change what was paid for. */
export type DesignSnapshot = { id: number; name: string; document: Design };

export type LineProblem = { index: number; message: string };

/** Re-prices every line from the catalogue. Any line that cannot be made as sent is a problem, named by position. */
export function priceCheckoutLines(
  requests: CheckoutLineRequest[],
  productById: (id: number) => ProductView | undefined,
  now: Date,
): { ok: true; lines: CheckoutLine[] } | { ok: false; problems: LineProblem[] } {
  const lines: CheckoutLine[] = [];
  const problems: LineProblem[] = [];
  requests.forEach((request, index) => {
    const product = productById(request.productId);
    if (!product) {
      problems.push({ index, message: `Line ${index + 1}: this product is no longer available` });
      return;
    }
    const checked = validateConfiguration(product, {
      quantity: request.quantity,
      widthMm: request.customWidth,
      heightMm: request.customHeight,
      attributes: request.attributes,
    });
    if (!checked.ok) {
      problems.push({ index, message: `Line ${index + 1} (${product.name}): ${checked.error.message}` });
      return;
    }
    if (request.versions > request.quantity) {
      problems.push({ index, message: `Line ${index + 1} (${product.name}): versions cannot exceed the quantity` });
      return;
    }
    if (request.designService && request.versions > MAX_DESIGNS_PER_ITEM) {
      problems.push({ index, message: `Line ${index + 1} (${product.name}): ${DESIGN_MESSAGES.tooManyDesigns}` });
      return;
    }
    // Reusing approved artwork, or a design of the customer's own from the online editor, needs no design
    // service; such a line is never charged for one.
    const designs = request.designService && !request.reuseArtworkFrom && !request.designId ? request.versions : 0;
    const price = priceConfiguration(product, checked.value, designs);
    const turnaroundDays = selectionWorkingDays(product, checked.value.attributeIds);
    const byId = new Map(product.attributes.map((a) => [a.id, a]));
    const orientation = product.priceType === "fixed" ? (request.orientation ?? (product.orientation === "landscape" ? "Landscape" : "Portrait")) : null;
    if (orientation && ((product.orientation === "portrait" && orientation !== "Portrait") || (product.orientation === "landscape" && orientation !== "Landscape"))) {
      problems.push({ index, message: `Line ${index + 1} (${product.name}): this product is ${product.orientation} only` });
      return;
    }
    const express = isExpressSelection(product, checked.value.attributeIds);
    lines.push({
      productId: product.id,
      productName: product.name,
      productSlug: product.slug,
      image: product.image,
      quantity: checked.value.quantity,
      versions: request.versions,
      widthMm: checked.value.widthMm,
      heightMm: checked.value.heightMm,
      orientation,
      fixedSize: product.priceType === "fixed" ? product.fixedSize : null,
      attributes: checked.value.attributeIds.map((id) => {
        const a = byId.get(id)!;
        return { group: a.group, subattribute_id: a.id, subattribute_name: a.name };
      }),
      express,
      unitPence: price.unitPence,
      undiscountedLinePence: price.undiscountedLinePence,
      tierPercent: price.tierPercent,
      linePence: price.linePence,
      designs,
      designFeePence: price.designFeePence,
      turnaroundDays,
      deliveryDate: designs > 0 ? provisionalDesignDelivery(now, turnaroundDays) : deliveryDate(now, turnaroundDays),
      reuseArtworkFrom: request.reuseArtworkFrom ?? null,
    });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, lines };
}

/** "594 × 841 mm", "1200 × 800 mm", or "" when neither size nor fixed size is known. */
export function lineSizeLabel(line: Pick<CheckoutLine, "widthMm" | "heightMm" | "fixedSize" | "orientation">): string {
  if (line.widthMm !== null && line.heightMm !== null) return `${line.widthMm} × ${line.heightMm} mm`;
  return fixedSizeLabel(line.fixedSize, line.orientation) ?? "";
}

/**
 * Splits `whole` pence over parts in proportion to `weights`, by largest remainder: each part is
 * floor(whole × weight / Σweights), and the pence left over go to the largest fractional remainders
 * (earliest first on a tie). The parts always add back to `whole` exactly.
 */
export function allocatePence(whole: number, weights: number[]): number[] {
  if (!Number.isSafeInteger(whole) || whole < 0) throw new RangeError(`Cannot allocate ${whole}p`);
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError("Weights must be whole, non-negative numbers");
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    if (whole === 0) return weights.map(() => 0);
    throw new RangeError("Cannot allocate over weights that sum to zero");
  }
  const big = BigInt(whole);
  const bigSum = BigInt(sum);
  const parts = weights.map((w) => (big * BigInt(w)) / bigSum);
  const remainders = weights.map((w, index) => ({ index, remainder: (big * BigInt(w)) % bigSum }));
  let left = big - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = parts[index]! + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

export type PaymentLineItem = { name: string; description?: string; amountPence: number; quantity: 1 };

/** The part of a line a promotion may reduce: all of it but the design service (docs/decisions/027-design-service-money-and-dates.md). */
export function promotablePence(line: Pick<CheckoutLine, "linePence" | "designFeePence">): number {
  return line.linePence - (line.designFeePence ?? 0);
}

/** A line as the totals rule reads it. */
export function totalsLine(line: Pick<CheckoutLine, "linePence" | "designFeePence">): { linePence: number; designFeePence: number } {
  return { linePence: line.linePence, designFeePence: line.designFeePence ?? 0 };
}

/**
 * The payment page's line items: each product line's print at its price less its share of the promo
 * discount, its design service (never discounted) beside it, then Delivery and VAT. They add up to the
 * order total to the penny (tested).
 */
export function paymentLineItems(
  lines: Pick<CheckoutLine, "productName" | "quantity" | "linePence" | "designs" | "designFeePence" | "widthMm" | "heightMm" | "fixedSize" | "orientation">[],
  totals: OrderTotals,
  promoCode: string | null,
): PaymentLineItem[] {
  const shares = allocatePence(
    totals.promoDiscountPence,
    lines.map(promotablePence),
  );
  const items: PaymentLineItem[] = lines.flatMap((line, index) => {
    const size = lineSizeLabel(line);
    const promo = shares[index]! > 0 && promoCode ? `, less ${formatPence(shares[index]!)} (${promoCode})` : "";
    const print: PaymentLineItem = {
      name: `${line.productName} × ${line.quantity}`,
      description: `${size}${size ? ", " : ""}${line.quantity} ${line.quantity === 1 ? "item" : "items"}${promo}`,
      amountPence: promotablePence(line) - shares[index]!,
      quantity: 1,
    };
    const fee = line.designFeePence ?? 0;
    if (fee === 0) return [print];
    return [print, { name: DESIGN_SERVICE_NAME, description: `For ${line.productName}: ${designFeeDetail(line.designs ?? 0)}`, amountPence: fee, quantity: 1 }];
  });
  items.push({ name: "Delivery", amountPence: totals.deliveryPence, quantity: 1 });
  items.push({ name: "VAT at 20%", amountPence: totals.vatPence, quantity: 1 });
  return items;
}

/** The order's delivery date: the latest promised by any of its lines. */
export function orderDeliveryDate(lines: Pick<CheckoutLine, "deliveryDate">[]): string {
  return lines.map((line) => line.deliveryDate).sort().at(-1)!;
}

/** The products an order's items are, each once, in ascending order (the order's `product_ids`). */
export function orderProductIds(lines: readonly { productId: number }[]): number[] {
  return [...new Set(lines.map((line) => line.productId))].sort((a, b) => a - b);
}
