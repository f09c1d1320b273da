// The VAT invoice a trade customer downloads for an order group: A4, data in, PDF bytes out. The
// totals are computed elsewhere (domain/totals.ts); this module only refuses to print figures that
// do not add up, so an inconsistent invoice can never leave the building.
import { formatPence, formatUkDate } from "../../domain/format";
import { drawLeft, drawRight, drawRule, drawTableRow, newDocument, type TextLine, formatPercent, isoDateToUtcMidnight, MUTED, PageFlow, type PostalAddress, postalAddressLines, PRODUCER, saveWithFixedMetadata, type TextStyle, wrapText } from "./pdf-layout";

export type { PostalAddress };

export type InvoiceLine = {
  description: string;
  /** Size, options; may be empty. */
  details: string[];
  quantity: number;
  /** Line net, after the quantity discount. */
  netPence: number;
  vatRatePercent: number;
};

export type InvoiceData = {
  seller: { name: string; address: string; vatNumber: string; email: string; phone: string };
  /** e.g. "INV-000123" */
  invoiceNumber: string;
  /** ISO date, printed en-GB (22/11/2026). */
  invoiceDate: string;
  /** The order group id as the customer knows it. */
  orderRef: string;
  /** The buyer's purchase-order number, when they gave one. */
  poNumber?: string | null;
  paymentMethod: string;
  /** ISO date. */
  paidOn?: string;
  /** On account: the ISO date payment is due. */
  dueOn?: string | null;
  /**
   * Another document with the same body (a quotation): its title, its own detail rows in place of the
   * invoice's, and notes printed under the total.
   */
  document?: { title: string; details: [string, string][]; notes: string[] };
  billTo: PostalAddress & { email?: string };
  lines: InvoiceLine[];
  deliveryPence: number;
  /** Shown as a negative line when > 0, with the promo code if given. */
  promoDiscountPence: number;
  promoCode?: string | null;
  /** Sub Total − Promo + Delivery. */
  netTotalPence: number;
  vatPence: number;
  /** netTotal + VAT. */
  grossTotalPence: number;
  vatRatePercent: number;
};

const A4: [number, number] = [595.28, 841.89];
const LEFT = 48;
const RIGHT = A4[0] - 48;
const TOP_MARGIN = 48;
const BOTTOM_MARGIN = 60;
const COLUMN_GAP = 24;
const RIGHT_COLUMN = 330;

// Table columns: description on the left, the three figures right-aligned to these edges.
const DESCRIPTION_WIDTH = 270;
const QTY_RIGHT = 390;
const NET_RIGHT = 475;
const RATE_RIGHT = RIGHT;
const CONTINUED_HEADING = 30;
const TABLE_HEADER = 21;
const ROW_GAP = 5;
const TOTAL_ROW = 15;

function requireWholePence(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number of pence, got ${value}`);
  }
}

/** Throws RangeError unless every figure is well formed and the totals add up exactly. */
export function requireConsistentInvoice(data: InvoiceData): void {
  // A credit note may give back delivery alone; anything else needs a line.
  if (data.lines.length === 0 && !(data.document && data.deliveryPence > 0)) throw new RangeError("An invoice needs at least one line");
  data.lines.forEach((line, index) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
      throw new RangeError(`Line ${index + 1} quantity must be a whole number of at least 1, got ${line.quantity}`);
    }
    requireWholePence(line.netPence, `Line ${index + 1} net`);
    formatPercent(line.vatRatePercent);
  });
  requireWholePence(data.deliveryPence, "Delivery");
  requireWholePence(data.promoDiscountPence, "Promo discount");
  requireWholePence(data.netTotalPence, "Net total");
  requireWholePence(data.vatPence, "VAT");
  requireWholePence(data.grossTotalPence, "Total");
  formatPercent(data.vatRatePercent);

  const subTotalPence = data.lines.reduce((sum, line) => sum + line.netPence, 0);
  const expectedNetPence = subTotalPence - data.promoDiscountPence + data.deliveryPence;
  if (expectedNetPence !== data.netTotalPence) {
    throw new RangeError(
      `Invoice ${data.invoiceNumber}: sub total ${subTotalPence} − promo ${data.promoDiscountPence} + delivery ${data.deliveryPence} = ${expectedNetPence}, but net total is ${data.netTotalPence}`,
    );
  }
  if (data.netTotalPence + data.vatPence !== data.grossTotalPence) {
    throw new RangeError(
      `Invoice ${data.invoiceNumber}: net total ${data.netTotalPence} + VAT ${data.vatPence} = ${data.netTotalPence + data.vatPence}, but total is ${data.grossTotalPence}`,
    );
  }
}

type Line = TextLine;

/** Renders the invoice; throws RangeError for inconsistent totals or malformed dates and figures. */
export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  requireConsistentInvoice(data);
  const invoiceDate = formatUkDate(data.invoiceDate);
  const paidOn = data.paidOn ? formatUkDate(data.paidOn) : undefined;
  const title = data.document?.title ?? "VAT Invoice";

  const { doc, fonts, text, strong, small } = await newDocument(9.5);
  const label: TextStyle = { font: fonts.regular, size: 9.5, color: MUTED };

  const flow = new PageFlow(doc, A4, { top: TOP_MARGIN, bottom: BOTTOM_MARGIN }, (f, pageNumber) => {
    if (pageNumber === 1) return;
    drawLeft(f.page, `${title} ${data.invoiceNumber} (continued)`, LEFT, f.y - 12, { font: fonts.bold, size: 12 });
    drawRight(f.page, data.seller.name, RIGHT, f.y - 12, text);
    f.y -= CONTINUED_HEADING;
  });
  flow.newPage();

  // Title and seller, side by side.
  const sellerWidth = RIGHT - RIGHT_COLUMN;
  const sellerLines: Line[] = [
    ...wrapText(fonts.bold, 11, data.seller.name, sellerWidth).map((t) => ({ text: t, style: { font: fonts.bold, size: 11 }, height: 14 })),
    ...data.seller.address
      .split(/\r?\n/)
      .flatMap((part) => wrapText(text.font, text.size, part, sellerWidth))
      .map((t) => ({ text: t, style: text, height: 12 })),
    ...wrapText(text.font, text.size, `VAT No. ${data.seller.vatNumber}`, sellerWidth).map((t) => ({ text: t, style: text, height: 12 })),
    ...[data.seller.email, data.seller.phone]
      .flatMap((part) => wrapText(text.font, text.size, part, sellerWidth))
      .map((t) => ({ text: t, style: text, height: 12 })),
  ];
  drawLeft(flow.page, title, LEFT, flow.y - 22, { font: fonts.bold, size: 22 });
  const sellerBottom = drawLines(flow, sellerLines, RIGHT_COLUMN, flow.y);
  flow.y = Math.min(flow.y - 34, sellerBottom) - 18;

  // Bill-to on the left, the invoice's own details on the right.
  const billToWidth = RIGHT_COLUMN - COLUMN_GAP - LEFT;
  const billToLines: Line[] = [
    { text: "Bill to", style: strong, height: 14 },
    ...[...postalAddressLines(data.billTo), data.billTo.email ?? ""]
      .filter((part) => part.trim() !== "")
      .flatMap((part) => wrapText(text.font, text.size, part, billToWidth))
      .map((t) => ({ text: t, style: text, height: 12 })),
  ];
  const details: [string, string][] = data.document?.details ?? [
    ["Invoice number", data.invoiceNumber],
    ["Invoice date", invoiceDate],
    ["Order reference", data.orderRef],
    ...(data.poNumber ? ([["Your PO number", data.poNumber]] as [string, string][]) : []),
    ["Payment method", data.paymentMethod],
    ...(paidOn ? ([["Paid on", paidOn]] as [string, string][]) : []),
    ...(data.dueOn ? ([["Payment due", formatUkDate(data.dueOn)]] as [string, string][]) : []),
  ];
  const top = flow.y;
  const billToBottom = drawLines(flow, billToLines, LEFT, top);
  let detailsY = top;
  for (const [name, value] of details) {
    drawLeft(flow.page, name, RIGHT_COLUMN, detailsY - text.size, label);
    const valueLines = wrapText(strong.font, strong.size, value, RIGHT - RIGHT_COLUMN - 90);
    for (const valueLine of valueLines) {
      drawRight(flow.page, valueLine, RIGHT, detailsY - strong.size, strong);
      detailsY -= 14;
    }
  }
  flow.y = Math.min(billToBottom, detailsY) - 22;

  // The lines, flowing over as many pages as they need with the header repeated.
  const drawTableHeader = () => {
    const baseline = flow.y - strong.size;
    drawLeft(flow.page, "Description", LEFT, baseline, strong);
    drawRight(flow.page, "Qty", QTY_RIGHT, baseline, strong);
    drawRight(flow.page, "Net", NET_RIGHT, baseline, strong);
    drawRight(flow.page, "VAT rate", RATE_RIGHT, baseline, strong);
    drawRule(flow.page, LEFT, RIGHT, flow.y - 15);
    flow.y -= TABLE_HEADER;
  };
  drawTableHeader();

  for (const line of data.lines) {
    const rowLines: Line[] = [
      ...wrapText(text.font, text.size, line.description, DESCRIPTION_WIDTH).map((t) => ({ text: t, style: text, height: 12 })),
      ...line.details
        .flatMap((detail) => wrapText(small.font, small.size, detail, DESCRIPTION_WIDTH))
        .map((t) => ({ text: t, style: small, height: 10 })),
    ];
    // Keep a row on one page unless it is longer than a whole page.
    drawTableRow(flow, rowLines, {
      left: LEFT,
      gap: ROW_GAP,
      continuedHeight: CONTINUED_HEADING + TABLE_HEADER,
      header: drawTableHeader,
      figures: (baseline) => {
        drawRight(flow.page, String(line.quantity), QTY_RIGHT, baseline, text);
        drawRight(flow.page, formatPence(line.netPence), NET_RIGHT, baseline, text);
        drawRight(flow.page, formatPercent(line.vatRatePercent), RATE_RIGHT, baseline, text);
      },
    });
  }

  // Totals, once, after the last line.
  const subTotalPence = data.lines.reduce((sum, line) => sum + line.netPence, 0);
  const totals: [string, string][] = [
    ["Sub Total", formatPence(subTotalPence)],
    ...(data.promoDiscountPence > 0
      ? ([[data.promoCode ? `Promo Discount (${data.promoCode})` : "Promo Discount", formatPence(-data.promoDiscountPence)]] as [string, string][])
      : []),
    ["Delivery", formatPence(data.deliveryPence)],
    ["Net total", formatPence(data.netTotalPence)],
    [`VAT at ${formatPercent(data.vatRatePercent)}`, formatPence(data.vatPence)],
  ];
  flow.breakUnlessFits(8 + totals.length * TOTAL_ROW + 10 + 18);
  drawRule(flow.page, LEFT, RIGHT, flow.y);
  flow.y -= 8;
  for (const [name, value] of totals) {
    drawLeft(flow.page, name, RIGHT_COLUMN, flow.y - text.size, text);
    drawRight(flow.page, value, RIGHT, flow.y - text.size, text);
    flow.y -= TOTAL_ROW;
  }
  drawRule(flow.page, RIGHT_COLUMN, RIGHT, flow.y + 2);
  flow.y -= 6;
  const totalStyle: TextStyle = { font: fonts.bold, size: 11 };
  drawLeft(flow.page, "Total", RIGHT_COLUMN, flow.y - totalStyle.size, totalStyle);
  drawRight(flow.page, formatPence(data.grossTotalPence), RIGHT, flow.y - totalStyle.size, totalStyle);
  flow.y -= 30;
  for (const note of data.document?.notes ?? []) {
    for (const part of wrapText(text.font, text.size, note, RIGHT - LEFT)) {
      flow.breakUnlessFits(14);
      drawLeft(flow.page, part, LEFT, flow.y - text.size, text);
      flow.y -= 13;
    }
    flow.y -= 4;
  }

  const pageCount = flow.pages.length;
  flow.pages.forEach((page, index) => {
    drawLeft(page, `${data.seller.name} · VAT No. ${data.seller.vatNumber}`, LEFT, 32, small);
    drawRight(page, `Page ${index + 1} of ${pageCount}`, RIGHT, 32, small);
  });

  return saveWithFixedMetadata(doc, {
    title: `${title} ${data.invoiceNumber}`,
    author: data.seller.name,
    subject: data.document ? `${title} ${data.invoiceNumber}` : `VAT invoice for order ${data.orderRef}`,
    keywords: [data.document ? title : "VAT invoice", data.invoiceNumber, data.orderRef],
    creator: data.seller.name,
    producer: PRODUCER,
    date: isoDateToUtcMidnight(data.invoiceDate),
  });
}

/** Draws lines downward from `top` at x; returns the y below the last one. */
function drawLines(flow: PageFlow, lines: Line[], x: number, top: number): number {
  let y = top;
  for (const line of lines) {
    drawLeft(flow.page, line.text, x, y - line.style.size, line.style);
    y -= line.height;
  }
  return y;
}
