// VAT invoices: one per order group, numbered from a gap-free sequence when the order is made, built from
// the stored order with the one totals rule (docs/decisions/003-money-and-pricing.md), rendered once and kept, so every
// download is the same document byte for byte.
import { cardSummary } from "../../domain/card";
import { designFeeDetail, DESIGN_SERVICE_NAME } from "../../domain/design-service";
import { lineSizeLabel } from "../../domain/checkout";
import { ukDateParts } from "../../domain/delivery";
import { VAT_RATE_PERCENT } from "../../domain/totals";
import type { ShopDetails } from "../config";
import { renderInvoicePdf, type InvoiceData } from "../documents/invoice-pdf";
import type { FileStorage } from "../integrations/storage/storage";
import { invoiceNumberLabel } from "../../domain/invoice";
import { orderRef } from "../../domain/order-ref";
import type { OrderGroupDetail } from "./order-service";

export type InvoiceService = {
  /** The invoice PDF of an order group (null when it has no invoice number). */
  pdfFor(group: OrderGroupDetail): Promise<{ bytes: Buffer; fileName: string } | null>;
};

/** The invoice's figures and words, from the stored order only. */
export function invoiceData(group: OrderGroupDetail, shop: ShopDetails): InvoiceData {
  const invoiceNumber = invoiceNumberLabel(group.invoiceNumber);
  if (!invoiceNumber) throw new Error(`Order ${group.id} has no invoice number`);
  const billing = group.billing;
  // The billing names are optional (a looked-up address has none). The invoice then names the delivery's
  // recipient, who is the customer, unless the parcel goes unbranded to a reseller's client: then the
  // reseller's own sender name.
  const fullName = (a: { first_name?: string | null; last_name?: string | null }) => `${a.first_name ?? ""} ${a.last_name ?? ""}`.trim();
  const name = fullName(billing) || (group.blindShipping ? group.blindShipping.senderName.trim() : fullName(group.delivery));
  const date = ukDateParts(group.createdAt).isoDate;
  return {
    seller: { name: shop.legalName, address: shop.address.split(/,\s*/).join("\n"), vatNumber: shop.vatNumber, email: shop.email, phone: shop.phone },
    invoiceNumber,
    invoiceDate: date,
    orderRef: orderRef(group.id),
    poNumber: group.poNumber,
    paymentMethod: group.paymentMethod === "card" ? cardSummary(group.cardBrand, group.cardLast4) : group.paymentMethod === "account" ? "On account" : group.paymentMethod,
    ...(group.paymentMethod === "account" ? { dueOn: group.dueDate } : { paidOn: date }),
    billTo: {
      ...(name ? { name } : {}),
      ...(billing.company ? { company: billing.company } : {}),
      lines: [billing.address1, billing.address2].filter((line) => line && line.trim() !== ""),
      town: billing.town,
      ...(billing.county ? { county: billing.county } : {}),
      postcode: billing.postcode,
      country: billing.country,
      email: group.userEmail,
    },
    // Each item's print, then its design service on a line of its own (docs/decisions/027-design-service-money-and-dates.md).
    lines: group.items.flatMap((item) => [
      {
        description: item.productName,
        details: [
          lineSizeLabel(item),
          ...item.attributes.map((a) => `${a.group}: ${a.subattribute_name}`),
          ...(item.tierPercent > 0 ? [`Quantity discount ${item.tierPercent}%`] : []),
        ].filter(Boolean),
        quantity: item.quantity,
        netPence: item.linePence - item.designFeePence,
        vatRatePercent: VAT_RATE_PERCENT,
      },
      ...(item.designFeePence > 0
        ? [{ description: DESIGN_SERVICE_NAME, details: [`For ${item.productName}`, designFeeDetail(item.designs)], quantity: item.designs, netPence: item.designFeePence, vatRatePercent: VAT_RATE_PERCENT }]
        : []),
    ]),
    deliveryPence: group.deliveryPence,
    promoDiscountPence: group.promoDiscountPence,
    promoCode: group.promoCode,
    netTotalPence: group.subTotalPence - group.promoDiscountPence + group.deliveryPence,
    vatPence: group.vatPence,
    grossTotalPence: group.totalPence,
    vatRatePercent: VAT_RATE_PERCENT,
  };
}

export function createInvoiceService(deps: { storage: FileStorage; shop: ShopDetails }): InvoiceService {
  const { storage, shop } = deps;
  return {
    async pdfFor(group) {
      const label = invoiceNumberLabel(group.invoiceNumber);
      if (!label) return null;
      const key = `invoices/${group.id}/${label}.pdf`;
      const fileName = `${label}.pdf`;
      const kept = await storage.read(key);
      if (kept) return { bytes: kept, fileName };
      const bytes = Buffer.from(await renderInvoicePdf(invoiceData(group, shop)));
      await storage.putBuffer(key, bytes, "application/pdf");
      return { bytes, fileName };
    },
  };
}
