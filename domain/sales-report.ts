// The books: what the shop sold and the VAT it owes, from its VAT invoices only. Every figure is a sum of
// the invoices' own figures (goods, discounts, delivery, net, VAT, gross), in whole pence, so a period's
// totals equal the sum of the invoices dated in it, to the penny, less the VAT credit notes dated in it. Dates are the invoices' UK dates;
// quarters are calendar quarters (January–March …), the VAT quarters of a business on the standard stagger.
import { csvRows } from "./csv";
import { allocatePence } from "./checkout";
import { DESIGN_SERVICE_NAME } from "./design-service";
import { penceToPoundsText } from "./money";

export const REPORT_PERIODS = ["day", "month", "quarter"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** One VAT invoice as the report reads it (the order group's stored figures and lines). */
export type InvoicedSale = {
  invoiceNumber: string;
  /** The invoice's date, UK (YYYY-MM-DD). */
  invoiceDate: string;
  paymentMethod: string;
  subTotalPence: number;
  promoDiscountPence: number;
  deliveryPence: number;
  vatPence: number;
  totalPence: number;
  /** Each line whole; `designFeePence` of it is the design service (reported on its own row), `designs` how many. */
  lines: { productId: number; productName: string; quantity: number; linePence: number; designFeePence?: number; designs?: number }[];
};

/** A VAT credit note as the report reads it: what it took back off goods (net of promotion), delivery and VAT. */
export type CreditedSale = {
  creditNoteNumber: string;
  /** The credit note's date, UK (YYYY-MM-DD). */
  date: string;
  paymentMethod: string;
  goodsPence: number;
  deliveryPence: number;
  vatPence: number;
  totalPence: number;
  /** `design`: the line credits a design service (its own row), not the product. */
  lines: { productId: number; productName: string; netPence: number; design?: boolean }[];
};

export type SalesFigures = {
  invoices: number;
  /** Credit notes dated in the period; their figures are already taken off the ones below. */
  creditNotes: number;
  /** Goods before discounts (the invoices' Sub Totals). */
  goodsPence: number;
  discountsPence: number;
  deliveryPence: number;
  /** Goods − discounts + delivery: the amount VAT is charged on. */
  netPence: number;
  vatPence: number;
  grossPence: number;
};

export type ProductSales = { productId: number; productName: string; quantity: number; goodsPence: number; discountsPence: number; netGoodsPence: number };

export type SalesReport = {
  by: ReportPeriod;
  periods: (SalesFigures & { period: string })[];
  paymentMethods: (SalesFigures & { paymentMethod: string })[];
  /**
   * Goods by product, and the design service on its own row; an invoice's discount is shared over its lines'
   * prints in proportion to their prices (a promotion never reduces the design service).
   */
  products: ProductSales[];
  totals: SalesFigures;
};

const ZERO: SalesFigures = { invoices: 0, creditNotes: 0, goodsPence: 0, discountsPence: 0, deliveryPence: 0, netPence: 0, vatPence: 0, grossPence: 0 };

/** "2026-11-25", "2026-11" or "2026 Q4" for an invoice dated 2026-11-25. */
export function periodOf(isoDate: string, by: ReportPeriod): string {
  if (by === "day") return isoDate;
  if (by === "month") return isoDate.slice(0, 7);
  const month = Number(isoDate.slice(5, 7));
  return `${isoDate.slice(0, 4)} Q${Math.ceil(month / 3)}`;
}

/** The calendar quarter holding `isoDate`, as its first and last days. */
export function quarterOf(isoDate: string): { from: string; to: string } {
  const year = Number(isoDate.slice(0, 4));
  const first = Math.floor((Number(isoDate.slice(5, 7)) - 1) / 3) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  return { from: `${year}-${String(first).padStart(2, "0")}-01`, to: `${year}-${String(last).padStart(2, "0")}-${lastDay}` };
}

/** A credit note takes its goods (already net of promotion), delivery and VAT back off the period it is dated in. */
function subtract(from: SalesFigures, credit: CreditedSale): SalesFigures {
  return {
    ...from,
    creditNotes: from.creditNotes + 1,
    goodsPence: from.goodsPence - credit.goodsPence,
    deliveryPence: from.deliveryPence - credit.deliveryPence,
    netPence: from.netPence - credit.goodsPence - credit.deliveryPence,
    vatPence: from.vatPence - credit.vatPence,
    grossPence: from.grossPence - credit.totalPence,
  };
}

function add(into: SalesFigures, sale: InvoicedSale): SalesFigures {
  return {
    ...into,
    invoices: into.invoices + 1,
    goodsPence: into.goodsPence + sale.subTotalPence,
    discountsPence: into.discountsPence + sale.promoDiscountPence,
    deliveryPence: into.deliveryPence + sale.deliveryPence,
    netPence: into.netPence + sale.subTotalPence - sale.promoDiscountPence + sale.deliveryPence,
    vatPence: into.vatPence + sale.vatPence,
    grossPence: into.grossPence + sale.totalPence,
  };
}

export function salesReport(sales: readonly InvoicedSale[], by: ReportPeriod, credits: readonly CreditedSale[] = []): SalesReport {
  const periods = new Map<string, SalesFigures>();
  const methods = new Map<string, SalesFigures>();
  // A catalogue product by its id; a manager-priced quote line (product id 0) by its description; the design service as one row.
  const products = new Map<string, ProductSales>();
  const productKey = (line: { productId: number; productName: string }) => (line.productId > 0 ? `#${line.productId}` : `quote:${line.productName}`);
  const DESIGN_KEY = "design-service";
  const addTo = (key: string, blank: { productId: number; productName: string }, change: { quantity: number; goodsPence: number; discountsPence: number }) => {
    const was = products.get(key) ?? { productId: blank.productId, productName: blank.productName, quantity: 0, goodsPence: 0, discountsPence: 0, netGoodsPence: 0 };
    products.set(key, {
      ...was,
      quantity: was.quantity + change.quantity,
      goodsPence: was.goodsPence + change.goodsPence,
      discountsPence: was.discountsPence + change.discountsPence,
      netGoodsPence: was.netGoodsPence + change.goodsPence - change.discountsPence,
    });
  };
  let totals = ZERO;
  for (const sale of sales) {
    const period = periodOf(sale.invoiceDate, by);
    periods.set(period, add(periods.get(period) ?? ZERO, sale));
    methods.set(sale.paymentMethod, add(methods.get(sale.paymentMethod) ?? ZERO, sale));
    totals = add(totals, sale);
    const prints = sale.lines.map((line) => line.linePence - (line.designFeePence ?? 0));
    const shares = prints.some((w) => w > 0) ? allocatePence(sale.promoDiscountPence, prints) : prints.map(() => 0);
    sale.lines.forEach((line, index) => {
      addTo(productKey(line), line, { quantity: line.quantity, goodsPence: prints[index]!, discountsPence: shares[index] ?? 0 });
      const fee = line.designFeePence ?? 0;
      if (fee > 0) addTo(DESIGN_KEY, { productId: 0, productName: DESIGN_SERVICE_NAME }, { quantity: line.designs ?? 1, goodsPence: fee, discountsPence: 0 });
    });
  }
  for (const credit of credits) {
    const period = periodOf(credit.date, by);
    periods.set(period, subtract(periods.get(period) ?? ZERO, credit));
    methods.set(credit.paymentMethod, subtract(methods.get(credit.paymentMethod) ?? ZERO, credit));
    totals = subtract(totals, credit);
    for (const line of credit.lines) {
      if (line.design) addTo(DESIGN_KEY, { productId: 0, productName: DESIGN_SERVICE_NAME }, { quantity: 0, goodsPence: -line.netPence, discountsPence: 0 });
      else addTo(productKey(line), line, { quantity: 0, goodsPence: -line.netPence, discountsPence: 0 });
    }
  }
  return {
    by,
    periods: [...periods].sort(([a], [b]) => a.localeCompare(b)).map(([period, figures]) => ({ period, ...figures })),
    paymentMethods: [...methods].sort(([a], [b]) => a.localeCompare(b)).map(([paymentMethod, figures]) => ({ paymentMethod, ...figures })),
    products: [...products.values()].sort((a, b) => b.netGoodsPence - a.netGoodsPence || a.productName.localeCompare(b.productName)),
    totals,
  };
}

const FIGURE_HEADINGS = ["invoices", "credit notes", "goods", "discounts", "delivery", "net", "vat", "gross"];
const figureCells = (f: SalesFigures) => [String(f.invoices), String(f.creditNotes), ...[f.goodsPence, f.discountsPence, f.deliveryPence, f.netPence, f.vatPence, f.grossPence].map(penceToPoundsText)];

/**
 * The report as one CSV for the accountant: periods, the total, payment methods, then products, each
 * section with its own heading row; amounts in pounds with two decimals.
 */
export function salesReportCsv(report: SalesReport, range: { from: string; to: string }): string {
  return csvRows([
    ["Sales from VAT invoices", `${range.from} to ${range.to}`, `by ${report.by}`],
    [],
    [report.by, ...FIGURE_HEADINGS],
    ...report.periods.map((p) => [p.period, ...figureCells(p)]),
    ["total", ...figureCells(report.totals)],
    [],
    ["payment method", ...FIGURE_HEADINGS],
    ...report.paymentMethods.map((m) => [m.paymentMethod, ...figureCells(m)]),
    [],
    ["product", "quantity", "goods", "discounts", "net goods"],
    ...report.products.map((p) => [p.productName, String(p.quantity), penceToPoundsText(p.goodsPence), penceToPoundsText(p.discountsPence), penceToPoundsText(p.netGoodsPence)]),
  ]);
}
