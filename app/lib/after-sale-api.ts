// After the sale, from the browser: cancel, refund, reprint. Each money-moving form makes one key when it
// opens and sends it with every try, so a retry after a lost answer is the same refund, never a second.
import { designKey, itemKey, type CreditLine, type RefundableOrder } from "../../domain/refund";
import type { ApiAnswer, ApiBody } from "../../server/api/contract";
import { api } from "./api-client";

export type Refund = ApiAnswer<"POST /api/orders/group/:orderGroupId/cancel">["refund"];

/** A fresh key for one cancel or refund request (random, URL-safe). */
export function requestKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const cancelItems = (orderGroupId: number, orderIds: number[], idempotencyKey: string) =>
  api("POST /api/orders/group/:orderGroupId/cancel", { params: { orderGroupId }, auth: true, body: { order_ids: orderIds, idempotency_key: idempotencyKey } });

export const refundOrder = (orderGroupId: number, body: ApiBody<"POST /api/staff/orders/:orderGroupId/refunds">) =>
  api("POST /api/staff/orders/:orderGroupId/refunds", { params: { orderGroupId }, auth: true, body });

export const raiseReprint = (orderGroupId: number, orderIds: number[], reason: string) =>
  api("POST /api/staff/orders/:orderGroupId/reprints", { params: { orderGroupId }, auth: true, body: { order_ids: orderIds, reason } });

type OrderView = Pick<ApiAnswer<"GET /api/orders/group/:orderGroupId">, "products" | "promo_discount_pence" | "delivery_pence" | "vat_pence" | "total_pence" | "refunds">;

/** The order as domain/refund.ts reads it, with what has been given back so far: for the forms' previews (the server decides). */
export function refundState(group: OrderView): { order: RefundableOrder; credited: CreditLine[] } {
  return {
    order: {
      items: group.products.map((p) => ({
        id: p.order_id,
        productId: p.product_id,
        productName: p.product_name,
        quantity: p.qty,
        linePence: p.price_pence,
        designFeePence: p.design_fee_pence,
        designs: p.designs,
        proofDelivered: p.design_proof_delivered,
        status: p.status,
      })),
      promoDiscountPence: group.promo_discount_pence,
      deliveryPence: group.delivery_pence,
      vatPence: group.vat_pence,
      totalPence: group.total_pence,
    },
    credited: group.refunds
      .filter((refund) => refund.status !== "failed")
      .flatMap((refund) =>
        refund.lines.map((line) => ({
          key: line.order_id === null ? ("delivery" as const) : line.part === "design" ? designKey(line.order_id) : itemKey(line.order_id),
          orderId: line.order_id,
          productId: null,
          description: line.description,
          quantity: null,
          netPence: line.net_pence,
          vatPence: line.vat_pence,
          grossPence: line.amount_pence,
        })),
      ),
  };
}

export const cancelForCustomer = (orderGroupId: number, orderIds: number[], reason: string, idempotencyKey: string) =>
  api("POST /api/staff/orders/:orderGroupId/cancel", { params: { orderGroupId }, auth: true, body: { order_ids: orderIds, reason, idempotency_key: idempotencyKey } });
