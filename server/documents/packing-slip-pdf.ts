// The A5 packing slip staff print for each dispatch. For white-label (blind) shipping it must not
// give the shop away: everything identifying is taken from `sender` alone, in the page text and in
// the PDF metadata, and the shop's own touches (its name heading, the thank-you line) are left out.
import { formatUkDate } from "../../domain/format";
import { drawLeft, drawRight, drawRule, drawTableRow, newDocument, type TextLine, isoDateToUtcMidnight, mmToPt, MUTED, PageFlow, type PostalAddress, postalAddressLines, PRODUCER, saveWithFixedMetadata, type TextStyle, wrapText } from "./pdf-layout";

export type { PostalAddress };

export type PackingSlipItem = { description: string; details: string[]; quantity: number };

export type PackingSlipData = {
  /** The shop, or the reseller for blind shipping. */
  sender: { name: string; address: PostalAddress };
  shipTo: PostalAddress & { phone?: string };
  orderRef: string;
  /** The buyer's purchase-order number, so goods-in can match the parcel to their order. */
  poNumber?: string | null;
  /** ISO date. */
  dispatchDate?: string;
  items: PackingSlipItem[];
  deliveryInstructions?: string | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  /** true: no shop branding at all; only `sender`. */
  blind: boolean;
};

export const A5_PORTRAIT: [number, number] = [mmToPt(148), mmToPt(210)];
const MARGIN = mmToPt(12);
const LEFT = MARGIN;
const RIGHT = A5_PORTRAIT[0] - MARGIN;
const WIDTH = RIGHT - LEFT;
const QTY_RIGHT = RIGHT;
const ITEM_WIDTH = WIDTH - 60;
const CONTINUED_HEADING = 26;
const TABLE_HEADER = 19;
const ROW_GAP = 5;

type Line = TextLine;

/** Renders the slip; throws RangeError for an empty slip, a bad quantity or a malformed date. */
export async function renderPackingSlipPdf(data: PackingSlipData): Promise<Uint8Array> {
  if (data.items.length === 0) throw new RangeError(`Packing slip ${data.orderRef} has no items`);
  data.items.forEach((item, index) => {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new RangeError(`Item ${index + 1} quantity must be a whole number of at least 1, got ${item.quantity}`);
    }
  });
  const dispatchDate = data.dispatchDate ? formatUkDate(data.dispatchDate) : undefined;

  const { doc, fonts, text, strong, small } = await newDocument(10);
  const label: TextStyle = { font: fonts.bold, size: 8, color: MUTED };

  const flow = new PageFlow(doc, A5_PORTRAIT, { top: MARGIN, bottom: MARGIN + 18 }, (f, pageNumber) => {
    if (pageNumber === 1) return;
    drawLeft(f.page, `Packing slip ${data.orderRef} (continued)`, LEFT, f.y - 11, { font: fonts.bold, size: 11 });
    f.y -= CONTINUED_HEADING;
  });
  flow.newPage();

  const write = (lines: Line[]) => {
    for (const line of lines) {
      flow.breakUnlessFits(line.height);
      drawLeft(flow.page, line.text, LEFT, flow.y - line.style.size, line.style);
      flow.y -= line.height;
    }
  };
  const wrapped = (value: string, style: TextStyle, height: number, width = WIDTH): Line[] =>
    wrapText(style.font, style.size, value, width).map((t) => ({ text: t, style, height }));

  if (!data.blind) write(wrapped(data.sender.name, { font: fonts.bold, size: 13 }, 17));
  write([{ text: "Packing slip", style: { font: fonts.bold, size: 16 }, height: 26 }]);

  const FACT_VALUE_X = LEFT + 70;
  const facts: [string, string][] = [
    ["Order ref", data.orderRef],
    ...(data.poNumber ? ([["PO number", data.poNumber]] as [string, string][]) : []),
    ...(dispatchDate ? ([["Dispatched", dispatchDate]] as [string, string][]) : []),
  ];
  for (const [name, value] of facts) {
    drawLeft(flow.page, name, LEFT, flow.y - text.size, text);
    for (const valueLine of wrapText(strong.font, strong.size, value, RIGHT - FACT_VALUE_X)) {
      flow.breakUnlessFits(13);
      drawLeft(flow.page, valueLine, FACT_VALUE_X, flow.y - strong.size, strong);
      flow.y -= 13;
    }
  }
  flow.y -= 8;

  write([{ text: "DELIVER TO", style: label, height: 12 }]);
  const [recipient, ...rest] = postalAddressLines(data.shipTo);
  write([
    ...(recipient ? wrapped(recipient, { font: fonts.bold, size: 14 }, 18) : []),
    ...rest.flatMap((part) => wrapped(part, { font: fonts.regular, size: 12 }, 15)),
    ...(data.shipTo.phone ? wrapped(`Tel: ${data.shipTo.phone}`, text, 13) : []),
  ]);
  flow.y -= 8;

  write([{ text: "FROM", style: label, height: 11 }]);
  const senderLines = [data.sender.name, ...postalAddressLines(data.sender.address)].filter((part, index, all) => part !== all[index - 1]);
  write(senderLines.flatMap((part) => wrapped(part, small, 10)));
  flow.y -= 10;

  const drawTableHeader = () => {
    drawLeft(flow.page, "Item", LEFT, flow.y - strong.size, strong);
    drawRight(flow.page, "Qty", QTY_RIGHT, flow.y - strong.size, strong);
    drawRule(flow.page, LEFT, RIGHT, flow.y - 14);
    flow.y -= TABLE_HEADER;
  };
  flow.breakUnlessFits(TABLE_HEADER + 30);
  drawTableHeader();
  for (const item of data.items) {
    const rowLines: Line[] = [
      ...wrapped(item.description, text, 12.5, ITEM_WIDTH),
      ...item.details.flatMap((detail) => wrapped(detail, small, 10, ITEM_WIDTH)),
    ];
    drawTableRow(flow, rowLines, {
      left: LEFT,
      gap: ROW_GAP,
      continuedHeight: CONTINUED_HEADING + TABLE_HEADER,
      header: drawTableHeader,
      figures: (baseline) => drawRight(flow.page, String(item.quantity), QTY_RIGHT, baseline, strong),
    });
  }
  drawRule(flow.page, LEFT, RIGHT, flow.y + 2);
  flow.y -= 10;

  const instructions = data.deliveryInstructions?.trim();
  if (instructions) {
    flow.breakUnlessFits(12 + 13);
    write([{ text: "DELIVERY INSTRUCTIONS", style: label, height: 12 }, ...wrapped(instructions, text, 13)]);
    flow.y -= 8;
  }
  const carrier = data.carrier?.trim();
  const tracking = data.trackingNumber?.trim();
  if (carrier || tracking) {
    write([
      ...(carrier ? wrapped(`Carrier: ${carrier}`, text, 13) : []),
      ...(tracking ? wrapped(`Tracking number: ${tracking}`, text, 13) : []),
    ]);
    flow.y -= 8;
  }
  if (!data.blind) write(wrapped(`Thank you for your order from ${data.sender.name}.`, text, 13));

  const pageCount = flow.pages.length;
  flow.pages.forEach((page, index) => {
    drawLeft(page, `Order ${data.orderRef}`, LEFT, MARGIN, small);
    drawRight(page, `Page ${index + 1} of ${pageCount}`, RIGHT, MARGIN, small);
  });

  return saveWithFixedMetadata(doc, {
    title: `Packing slip ${data.orderRef}`,
    author: data.sender.name,
    subject: "Packing slip",
    keywords: ["packing slip", data.orderRef],
    creator: data.sender.name,
    producer: PRODUCER,
    date: data.dispatchDate ? isoDateToUtcMidnight(data.dispatchDate) : undefined,
  });
}
