// The price list as a spreadsheet: every product's price inputs as CSV (one row per product, one per
// option), and the same file read back. Money is written in pounds with two decimals ("12.50") and read
// back exactly; percentages as percent ("15", "12.5"). Names are written for reading and never imported.
import { penceToPoundsText, poundsTextToPence } from "./money";
import type { PriceInputs } from "./price-inputs";
import { priceInputsProblem, priceInputsSchema } from "./price-inputs";
import { formatTiers, parseTiers } from "./quantity-tiers";
import { csvCell } from "./csv";

export const PRICE_LIST_COLUMNS = [
  "product_slug",
  "row_type",
  "option_id",
  "product_name",
  "group",
  "option",
  "price_type",
  "price",
  "cost_unit",
  "cost",
  "min_width_mm",
  "min_height_mm",
  "max_width_mm",
  "max_height_mm",
  "min_qty",
  "max_qty",
  "quantity_tiers",
  "minimum_line_charge",
  "working_days",
  "default",
] as const;
export type PriceListColumn = (typeof PRICE_LIST_COLUMNS)[number];
type Row = Partial<Record<PriceListColumn, string>>;

export type PriceListProduct = { slug: string; name: string; inputs: PriceInputs };

/** "15", "12.5", "12.5%" → basis points (1% = 100); more than two decimals is refused. */
export function csvPercentToBasisPoints(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

function basisPointsToCsvPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}


/** The whole price list: a header, then each product's row followed by its options' rows. CRLF line ends. */
export function encodePriceList(products: PriceListProduct[]): string {
  const lines = [PRICE_LIST_COLUMNS.join(",")];
  const write = (row: Row) => lines.push(PRICE_LIST_COLUMNS.map((column) => csvCell(row[column] ?? "")).join(","));
  for (const { slug, name, inputs } of products) {
    const limits = inputs.sizeLimits;
    write({
      product_slug: slug,
      row_type: "product",
      product_name: name,
      price_type: inputs.priceType,
      price: penceToPoundsText(inputs.pricePence),
      min_width_mm: limits ? String(limits.minWidthMm) : "",
      min_height_mm: limits ? String(limits.minHeightMm) : "",
      max_width_mm: limits ? String(limits.maxWidthMm) : "",
      max_height_mm: limits ? String(limits.maxHeightMm) : "",
      min_qty: String(inputs.minQty),
      max_qty: String(inputs.maxQty),
      quantity_tiers: formatTiers(inputs.quantityTiers),
      minimum_line_charge: penceToPoundsText(inputs.minLinePence),
    });
    for (const option of inputs.options) {
      write({
        product_slug: slug,
        row_type: "option",
        option_id: String(option.id),
        product_name: name,
        group: option.group,
        option: option.name,
        cost_unit: option.cost.unit,
        cost: option.cost.unit === "percentage" ? basisPointsToCsvPercent(option.cost.basisPoints) : penceToPoundsText(option.cost.pence),
        working_days: option.workingDays === null ? "" : String(option.workingDays),
        default: option.isDefault ? "yes" : "no",
      });
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** RFC 4180 records (quoted cells may hold commas, quotes and line breaks); a leading byte-order mark is dropped. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") endCell();
    else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
    } else cell += ch;
  }
  if (cell !== "" || record.length > 0) endRecord();
  return records;
}

export type PriceListError = { row: number; message: string };
export type PriceListRead = {
  /** The inputs each product in the file would have, by slug (products not in the file are not here). */
  products: Map<string, PriceInputs>;
  errors: PriceListError[];
  /** Each product's first row in the file (the header is row 1). */
  rows: Map<string, number>;
};

const wholeNumber = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);
const unquote = (text: string) => (text.startsWith("'") ? text.slice(1) : text);

/**
 * Reads a price list against the current inputs. Every row's problems are reported with its row number
 * (the header is row 1, as a spreadsheet numbers it); a product with any problem is left out.
 */
export function readPriceList(text: string, current: Map<string, PriceInputs>): PriceListRead {
  const errors: PriceListError[] = [];
  const records = parseCsv(text);
  const header = records[0]?.map((h) => h.trim().toLowerCase());
  if (!header) return { products: new Map(), errors: [{ row: 1, message: "The file is empty" }], rows: new Map() };
  const missing = ["product_slug", "row_type"].filter((c) => !header.includes(c));
  if (missing.length > 0) return { products: new Map(), errors: [{ row: 1, message: `The header has no ${missing.join(" or ")} column` }], rows: new Map() };
  const unknown = header.filter((h) => h !== "" && !(PRICE_LIST_COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0) errors.push({ row: 1, message: `Unknown column${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}` });

  const next = new Map<string, PriceInputs>();
  const rows = new Map<string, number>();
  const failed = new Set<string>();
  records.slice(1).forEach((cells, index) => {
    const rowNumber = index + 2;
    const row: Row = {};
    header.forEach((column, i) => {
      if ((PRICE_LIST_COLUMNS as readonly string[]).includes(column)) row[column as PriceListColumn] = unquote((cells[i] ?? "").trim());
    });
    const fail = (message: string) => {
      errors.push({ row: rowNumber, message });
      if (row.product_slug) failed.add(row.product_slug);
    };
    const slug = row.product_slug ?? "";
    if (slug === "") return fail("product_slug is empty");
    if (!rows.has(slug)) rows.set(slug, rowNumber);
    const base = current.get(slug);
    if (!base) return fail(`No product with the slug "${slug}"`);
    const inputs = next.get(slug) ?? structuredClone(base);
    next.set(slug, inputs);
    if (row.row_type === "product") readProductRow(row, inputs, fail);
    else if (row.row_type === "option") readOptionRow(row, inputs, fail);
    else fail(`row_type must be "product" or "option", not "${row.row_type ?? ""}"`);
  });

  for (const [slug, inputs] of next) {
    if (failed.has(slug)) {
      next.delete(slug);
      continue;
    }
    const shape = priceInputsSchema.safeParse(inputs);
    const problem = shape.success ? priceInputsProblem(inputs) : (shape.error.issues[0]?.message ?? "The prices are not valid");
    if (problem) {
      errors.push({ row: rows.get(slug) ?? 1, message: `${slug}: ${problem}` });
      next.delete(slug);
    }
  }
  return { products: next, errors: errors.sort((a, b) => a.row - b.row), rows };
}

type Fail = (message: string) => void;

function readProductRow(row: Row, inputs: PriceInputs, fail: Fail): void {
  const set = <K extends keyof PriceInputs>(column: PriceListColumn, key: K, read: (text: string) => PriceInputs[K] | null, what: string) => {
    const text = row[column];
    if (text === undefined || text === "") return;
    const value = read(text);
    if (value === null) fail(`${column}: "${text}" is not ${what}`);
    else inputs[key] = value;
  };
  set("price_type", "priceType", (t) => (t === "fixed" || t === "sqm" ? t : null), '"fixed" or "sqm"');
  set("price", "pricePence", poundsTextToPence, "an amount in pounds, like 12.50");
  set("min_qty", "minQty", wholeNumber, "a whole number");
  set("max_qty", "maxQty", wholeNumber, "a whole number");
  set("minimum_line_charge", "minLinePence", poundsTextToPence, "an amount in pounds, like 12.50");
  if (row.quantity_tiers !== undefined) {
    try {
      inputs.quantityTiers = parseTiers(row.quantity_tiers);
    } catch (error) {
      fail(`quantity_tiers: ${(error as Error).message} (write tiers like 5:5;10:10)`);
    }
  }
  const sizeColumns = ["min_width_mm", "min_height_mm", "max_width_mm", "max_height_mm"] as const;
  const sizes = sizeColumns.map((c) => row[c] ?? "");
  if (inputs.priceType === "fixed") {
    inputs.sizeLimits = null;
    return;
  }
  if (sizes.every((s) => s === "")) return;
  const read = sizes.map((s, i) => {
    const value = wholeNumber(s);
    if (value === null) fail(`${sizeColumns[i]}: "${s}" is not a whole number of mm`);
    return value ?? 0;
  });
  inputs.sizeLimits = { minWidthMm: read[0]!, minHeightMm: read[1]!, maxWidthMm: read[2]!, maxHeightMm: read[3]! };
}

function readOptionRow(row: Row, inputs: PriceInputs, fail: Fail): void {
  const id = wholeNumber(row.option_id ?? "");
  if (id === null) return fail("option_id must be the number of one of the product's options");
  const option = inputs.options.find((o) => o.id === id);
  if (!option) return fail(`option_id ${id} is not an option of ${row.product_slug}`);
  const unit = row.cost_unit || option.cost.unit;
  const costText = row.cost ?? "";
  if (unit !== "fixed" && unit !== "sqm" && unit !== "percentage") return fail(`cost_unit must be fixed, sqm or percentage, not "${unit}"`);
  if (costText !== "" || unit !== option.cost.unit) {
    if (unit === "percentage") {
      const basisPoints = csvPercentToBasisPoints(costText);
      if (basisPoints === null) return fail(`cost: "${costText}" is not a percentage, like 15 or 12.5`);
      option.cost = { unit, basisPoints };
    } else {
      const pence = poundsTextToPence(costText);
      if (pence === null) return fail(`cost: "${costText}" is not an amount in pounds, like 2.50`);
      option.cost = { unit, pence };
    }
  }
  const days = row.working_days;
  if (days !== undefined) {
    if (days === "") option.workingDays = null;
    else {
      const value = wholeNumber(days);
      if (value === null) return fail(`working_days: "${days}" is not a whole number of days`);
      option.workingDays = value;
    }
  }
  const isDefault = (row.default ?? "").toLowerCase();
  if (isDefault === "yes" || isDefault === "no") option.isDefault = isDefault === "yes";
  else if (isDefault !== "") fail(`default must be yes or no, not "${row.default}"`);
}
