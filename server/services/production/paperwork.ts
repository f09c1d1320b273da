// A parcel's paperwork (server/services/production-service.ts): the label's sender and recipient, and the
// packing slip as a PDF, each with a blind-shipping reseller's details in place of the shop's.
import { addressLine, type SavedAddress } from "../../../domain/address";
import { lineSizeLabel } from "../../../domain/checkout";
import { ukDateParts } from "../../../domain/delivery";
import { orderRef } from "../../../domain/order-ref";
import type { ShopDetails } from "../../config";
import { renderPackingSlipPdf, type PackingSlipData } from "../../documents/packing-slip-pdf";
import type { ProductionContext } from "./production-context";
import type { ProductionService } from "./production-types";

/** The shop's address as postal lines: "Unit 4, Riverside…, London, E15 2SU" → lines, town, postcode. */
function shopAddress(shop: ShopDetails) {
  const parts = shop.address.split(/,\s*/);
  const postcode = parts.pop() ?? "";
  const town = parts.pop() ?? "";
  return { lines: parts, town, postcode, country: "United Kingdom" };
}

function postal(address: SavedAddress) {
  return {
    name: `${address.first_name} ${address.last_name}`.trim() || undefined,
    company: address.company || undefined,
    lines: [address.address1, address.address2].filter((line) => line && line.trim() !== ""),
    town: address.town,
    county: address.county || undefined,
    postcode: address.postcode,
    country: address.country,
  };
}

export function paperwork(context: ProductionContext): Pick<ProductionService, "labelData" | "packingSlip"> {
  const { deps, shop } = context;
  return {
    labelData(group) {
      const to = postal(group.delivery);
      const toText = [to.name, to.company, ...to.lines, to.town, to.county, to.postcode, to.country].filter(Boolean).join(", ");
      if (group.blindShipping) {
        return { from: { name: group.blindShipping.senderName, address: addressLine(group.blindShipping.returnAddress) }, to: { name: to.name ?? "", address: toText, phone: null } };
      }
      return { from: { name: shop.name, address: shop.address }, to: { name: to.name ?? "", address: toText, phone: null } };
    },

    async packingSlip(orderGroupId) {
      const group = await deps.orders.group(orderGroupId);
      if (!group) return null;
      const blind = group.blindShipping;
      const data: PackingSlipData = {
        sender: blind
          ? { name: blind.senderName, address: { ...postal(blind.returnAddress), name: undefined } }
          : { name: shop.name, address: shopAddress(shop) },
        shipTo: postal(group.delivery),
        orderRef: orderRef(group.id),
        poNumber: group.poNumber,
        ...(group.dispatchedAt ? { dispatchDate: ukDateParts(group.dispatchedAt).isoDate } : {}),
        items: group.items.map((item) => ({
          description: item.productName,
          details: [lineSizeLabel(item), ...item.attributes.map((a) => a.subattribute_name)].filter(Boolean),
          quantity: item.quantity,
        })),
        deliveryInstructions: group.delivery.instructions || null,
        carrier: group.carrier,
        trackingNumber: group.trackingNumber,
        blind: blind !== null,
      };
      return renderPackingSlipPdf(data);
    },
  };
}
