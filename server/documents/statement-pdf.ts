// A trade account's statement: A4, the account's figures at the top, then every invoice and payment in
// date order with the running balance. Data in, PDF bytes out; the balance must equal the entries' sum.
import { formatPence, formatUkDate } from "../../domain/format";
import type { StatementEntry } from "../../domain/trade-account";
import { drawLeft, drawRight, drawRule, drawTableRow, isoDateToUtcMidnight, MUTED, newDocument, PageFlow, PRODUCER, saveWithFixedMetadata, type TextStyle, wrapText } from "./pdf-layout";

export type StatementData = {
  seller: { name: string; address: string; email: string; phone: string };
  customer: { name: string; email: string };
  /** ISO date the statement is as of. */
  date: string;
  creditLimitPence: number;
  termsDays: number;
  balancePence: number;
  overduePence: number;
  onHold: boolean;
  entries: StatementEntry[];
};

const A4: [number, number] = [595.28, 841.89];
const LEFT = 48;
const RIGHT = A4[0] - 48;
const DATE_X = LEFT;
const REF_X = 120;
const DESCRIPTION_X = 215;
const DEBIT_RIGHT = 420;
const CREDIT_RIGHT = 485;
const BALANCE_RIGHT = RIGHT;

export async function renderStatementPdf(data: StatementData): Promise<Uint8Array> {
  const last = data.entries.at(-1)?.balancePence ?? 0;
  if (last !== data.balancePence) throw new RangeError(`Statement balance ${data.balancePence} does not equal its entries' ${last}`);
  const { doc, fonts, text, strong, small } = await newDocument(9.5);
  const label: TextStyle = { font: fonts.regular, size: 9.5, color: MUTED };
  const flow = new PageFlow(doc, A4, { top: 48, bottom: 60 }, (f, pageNumber) => {
    if (pageNumber === 1) return;
    drawLeft(f.page, `Statement for ${data.customer.name} (continued)`, LEFT, f.y - 12, { font: fonts.bold, size: 12 });
    f.y -= 30;
  });
  flow.newPage();

  drawLeft(flow.page, "Statement of account", LEFT, flow.y - 22, { font: fonts.bold, size: 22 });
  let sellerY = flow.y;
  for (const line of [data.seller.name, ...data.seller.address.split(/\r?\n/), data.seller.email, data.seller.phone]) {
    drawRight(flow.page, line, RIGHT, sellerY - text.size, line === data.seller.name ? strong : text);
    sellerY -= 12;
  }
  flow.y = Math.min(flow.y - 40, sellerY) - 16;

  const facts: [string, string][] = [
    ["Customer", data.customer.name],
    ["Email", data.customer.email],
    ["Statement date", formatUkDate(data.date)],
    ["Credit limit", formatPence(data.creditLimitPence)],
    ["Terms", `${data.termsDays} days from the invoice date`],
    ["Balance owed", formatPence(data.balancePence)],
    ["Overdue", formatPence(data.overduePence)],
    ...(data.onHold ? ([["Account status", "On hold: no new orders on account until released"]] as [string, string][]) : []),
  ];
  for (const [name, value] of facts) {
    drawLeft(flow.page, name, LEFT, flow.y - text.size, label);
    drawLeft(flow.page, value, 160, flow.y - text.size, strong);
    flow.y -= 14;
  }
  flow.y -= 14;

  const header = () => {
    const baseline = flow.y - strong.size;
    drawLeft(flow.page, "Date", DATE_X, baseline, strong);
    drawLeft(flow.page, "Reference", REF_X, baseline, strong);
    drawLeft(flow.page, "Details", DESCRIPTION_X, baseline, strong);
    drawRight(flow.page, "Invoiced", DEBIT_RIGHT, baseline, strong);
    drawRight(flow.page, "Paid", CREDIT_RIGHT, baseline, strong);
    drawRight(flow.page, "Balance", BALANCE_RIGHT, baseline, strong);
    drawRule(flow.page, LEFT, RIGHT, flow.y - 15);
    flow.y -= 21;
  };
  header();
  if (data.entries.length === 0) {
    drawLeft(flow.page, "No invoices or payments yet.", LEFT, flow.y - text.size, text);
    flow.y -= 14;
  }
  for (const entry of data.entries) {
    const lines = wrapText(text.font, text.size, entry.description, DEBIT_RIGHT - 60 - DESCRIPTION_X).map((t) => ({ text: t, style: text, height: 12 }));
    drawTableRow(flow, lines, {
      left: DESCRIPTION_X,
      gap: 4,
      continuedHeight: 51,
      header,
      figures: (baseline) => {
        drawLeft(flow.page, formatUkDate(entry.date), DATE_X, baseline, text);
        drawLeft(flow.page, entry.reference.slice(0, 18), REF_X, baseline, text);
        if (entry.debitPence) drawRight(flow.page, formatPence(entry.debitPence), DEBIT_RIGHT, baseline, text);
        if (entry.creditPence) drawRight(flow.page, formatPence(entry.creditPence), CREDIT_RIGHT, baseline, text);
        drawRight(flow.page, formatPence(entry.balancePence), BALANCE_RIGHT, baseline, text);
      },
    });
  }
  flow.breakUnlessFits(30);
  drawRule(flow.page, LEFT, RIGHT, flow.y);
  flow.y -= 6;
  drawLeft(flow.page, "Balance owed", DESCRIPTION_X, flow.y - 11, { font: fonts.bold, size: 11 });
  drawRight(flow.page, formatPence(data.balancePence), BALANCE_RIGHT, flow.y - 11, { font: fonts.bold, size: 11 });

  const pageCount = flow.pages.length;
  flow.pages.forEach((page, index) => {
    drawLeft(page, `${data.seller.name} · ${data.seller.email}`, LEFT, 32, small);
    drawRight(page, `Page ${index + 1} of ${pageCount}`, RIGHT, 32, small);
  });
  return saveWithFixedMetadata(doc, {
    title: `Statement of account ${data.date}`,
    author: data.seller.name,
    subject: `Statement for ${data.customer.email}`,
    keywords: ["statement", data.date],
    creator: data.seller.name,
    producer: PRODUCER,
    date: isoDateToUtcMidnight(data.date),
  });
}
