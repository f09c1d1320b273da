import { describe, expect, it } from "vitest";
import { poundsTextToPence, penceToPoundsText } from "./money";
import type { PriceInputs } from "./price-inputs";
import { encodePriceList, parseCsv, PRICE_LIST_COLUMNS, readPriceList } from "./price-list";

const banner: PriceInputs = {
  priceType: "sqm",
  pricePence: 850,
  sizeLimits: { minWidthMm: 304, minHeightMm: 304, maxWidthMm: 3200, maxHeightMm: 50000 },
  minQty: 1,
  maxQty: 100000,
  quantityTiers: [{ minQty: 5, percent: 5 }, { minQty: 10, percent: 10 }],
  minLinePence: 0,
  options: [
    { id: 11, group: "Finishing", name: 'Hemmed, "welded" & eyeleted', displayType: "Dropdown", isDefault: true, cost: { unit: "fixed", pence: 0 }, workingDays: null },
    { id: 12, group: "Finishing", name: "=HYPERLINK(\"x\")", displayType: "Dropdown", isDefault: false, cost: { unit: "percentage", basisPoints: 1250 }, workingDays: null },
    { id: 13, group: "Turnaround", name: "Express", displayType: "Turnaround", isDefault: false, cost: { unit: "percentage", basisPoints: 2500 }, workingDays: 2 },
  ],
};
const current = new Map([["pvc-banner", banner]]);

describe("money as a person types it", () => {
  it("reads pounds exactly and refuses a third decimal place rather than rounding", () => {
    expect(poundsTextToPence("12.5")).toBe(1250);
    expect(poundsTextToPence("£1,250.05")).toBe(125005);
    expect(poundsTextToPence("0.1")).toBe(10);
    expect(poundsTextToPence("12.345")).toBeNull();
    expect(poundsTextToPence("1,25")).toBeNull();
    expect(poundsTextToPence("-1.00")).toBeNull();
    expect(penceToPoundsText(5)).toBe("0.05");
    expect(penceToPoundsText(123456)).toBe("1234.56");
  });
});

describe("the price list CSV", () => {
  it("writes a header and a row per product and option, quoting what needs it and defusing formulas", () => {
    const csv = encodePriceList([{ slug: "pvc-banner", name: "PVC Banners", inputs: banner }]);
    const records = parseCsv(csv);
    expect(records[0]).toEqual([...PRICE_LIST_COLUMNS]);
    expect(records).toHaveLength(5);
    expect(records[1]!.slice(0, 2)).toEqual(["pvc-banner", "product"]);
    expect(records[2]![PRICE_LIST_COLUMNS.indexOf("option")]).toBe('Hemmed, "welded" & eyeleted');
    // A spreadsheet would run this as a formula: it is written as text.
    expect(records[3]![PRICE_LIST_COLUMNS.indexOf("option")]).toBe("'=HYPERLINK(\"x\")");
    expect(records[3]![PRICE_LIST_COLUMNS.indexOf("cost")]).toBe("12.5");
    expect(records[1]![PRICE_LIST_COLUMNS.indexOf("quantity_tiers")]).toBe("5:5;10:10");
  });

  it("reads back what it wrote as no change, with a byte-order mark and LF line ends too", () => {
    const csv = encodePriceList([{ slug: "pvc-banner", name: "PVC Banners", inputs: banner }]);
    for (const text of [csv, `\uFEFF${csv}`, csv.replace(/\r\n/g, "\n")]) {
      const read = readPriceList(text, current);
      expect(read.errors).toEqual([]);
      expect(read.products.get("pvc-banner")).toEqual(banner);
    }
  });

  it("takes any subset of columns and rows: what is left out stays as it is", () => {
    const read = readPriceList("product_slug,row_type,option_id,cost,working_days\npvc-banner,option,13,30,1\n", current);
    expect(read.errors).toEqual([]);
    const option = read.products.get("pvc-banner")!.options.find((o) => o.id === 13)!;
    expect(option).toMatchObject({ cost: { unit: "percentage", basisPoints: 3000 }, workingDays: 1 });
    expect(read.products.get("pvc-banner")!.pricePence).toBe(850);
  });

  it("names every wrong row by its spreadsheet row number and leaves that product out", () => {
    const text = [
      "product_slug,row_type,option_id,price,cost,quantity_tiers,default,colour",
      "pvc-banner,product,,8.999,,,,",
      "pvc-banner,option,99,,1.00,,,",
      "pvc-banner,option,11,,,,maybe,",
      "pvc-banner,product,,,,10:10;5:15,,",
      "unknown,product,,1.00,,,,",
      ",product,,1.00,,,,",
      "pvc-banner,thing,,,,,,",
    ].join("\n");
    const read = readPriceList(text, current);
    expect(read.errors).toEqual([
      { row: 1, message: "Unknown column: colour" },
      { row: 2, message: 'price: "8.999" is not an amount in pounds, like 12.50' },
      { row: 3, message: "option_id 99 is not an option of pvc-banner" },
      { row: 4, message: 'default must be yes or no, not "maybe"' },
      { row: 6, message: 'No product with the slug "unknown"' },
      { row: 7, message: "product_slug is empty" },
      { row: 8, message: 'row_type must be "product" or "option", not "thing"' },
    ]);
    expect(read.products.size).toBe(0);
  });

  it("checks how a product's inputs fit together once all its rows are read", () => {
    const read = readPriceList("product_slug,row_type,quantity_tiers,min_qty,max_qty\npvc-banner,product,10:10;5:15,1,100\n", current);
    expect(read.errors).toEqual([{ row: 2, message: "pvc-banner: Tier 2: quantities must rise from one tier to the next" }]);
  });

  it("refuses a file without the columns it needs", () => {
    expect(readPriceList("", current).errors).toEqual([{ row: 1, message: "The file is empty" }]);
    expect(readPriceList("slug,price\nx,1\n", current).errors).toEqual([{ row: 1, message: "The header has no product_slug or row_type column" }]);
  });
});
