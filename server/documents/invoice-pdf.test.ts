import { afterEach, describe, expect, it, vi } from "vitest";
import { formatPence } from "../../domain/money";
import { type InvoiceData, type InvoiceLine, renderInvoicePdf } from "./invoice-pdf";
import { readPdf } from "../../tests/support/pdf-text";

/** A consistent invoice: the totals are derived from the lines the way the totals rule would. */
function makeInvoice(overrides: Partial<InvoiceData> = {}): InvoiceData {
  const lines: InvoiceLine[] = overrides.lines ?? [
    { description: "Vinyl banner", details: ["Size: 2000 x 1000 mm", "Eyelets: every 50 cm"], quantity: 3, netPence: 13_485, vatRatePercent: 20 },
    { description: "Foamex board 5 mm", details: ["Size: A1"], quantity: 12, netPence: 123_456, vatRatePercent: 20 },
    { description: "Gloss poster", details: [], quantity: 250, netPence: 4_999, vatRatePercent: 20 },
  ];
  const deliveryPence = overrides.deliveryPence ?? 995;
  const promoDiscountPence = overrides.promoDiscountPence ?? 1_500;
  const netTotalPence = lines.reduce((sum, line) => sum + line.netPence, 0) - promoDiscountPence + deliveryPence;
  const vatPence = Math.floor((netTotalPence * 20 + 50) / 100);
  return {
    seller: {
      name: "Banner Barn Ltd",
      address: "Unit 4, Canal Works\nLeeds LS10 1AB",
      vatNumber: "GB 123 4567 89",
      email: "accounts@example.com",
      phone: "0113 496 0000",
    },
    invoiceNumber: "INV-000123",
    invoiceDate: "2026-11-22",
    orderRef: "PS-7K2Q9",
    paymentMethod: "Card",
    paidOn: "2026-11-21",
    billTo: {
      name: "Priya Shah",
      company: "Shah Events Ltd",
      lines: ["12 Market Street", "Second Floor"],
      town: "Manchester",
      county: "Greater Manchester",
      postcode: "M1 1AE",
      country: "United Kingdom",
      email: "priya@example.com",
    },
    lines,
    deliveryPence,
    promoDiscountPence,
    promoCode: "TRADE15",
    netTotalPence,
    vatPence,
    grossTotalPence: netTotalPence + vatPence,
    vatRatePercent: 20,
    ...overrides,
  };
}

const allRows = (bytes: Uint8Array) => readPdf(bytes).pages.flatMap((page) => page.rows);
const textLines = (text: string) => text.split("\n").map((line) => line.trim());
const occurrences = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("renderInvoicePdf", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("prints every line, figure, party and reference so that it reads back from the PDF", async () => {
    const data = makeInvoice();
    const pdf = readPdf(await renderInvoicePdf(data));
    expect(pdf.pages).toHaveLength(1);
    const rows = pdf.pages[0]!.rows;
    const lines = textLines(pdf.text);

    expect(lines).toContain("VAT Invoice");
    for (const sellerLine of ["Banner Barn Ltd", "Unit 4, Canal Works", "Leeds LS10 1AB", "VAT No. GB 123 4567 89", "accounts@example.com", "0113 496 0000"]) {
      expect(lines).toContain(sellerLine);
    }

    for (const [label, value] of [
      ["Invoice number", "INV-000123"],
      ["Invoice date", "22/11/2026"],
      ["Order reference", "PS-7K2Q9"],
      ["Payment method", "Card"],
      ["Paid on", "21/11/2026"],
    ]) {
      expect(rows.some((row) => row.endsWith(`${label} ${value}`))).toBe(true);
    }
    expect(pdf.text).not.toContain("2026-11-22");

    expect(rows.some((row) => row.startsWith("Bill to "))).toBe(true);
    for (const billToLine of ["Priya Shah", "Shah Events Ltd", "12 Market Street", "Second Floor", "Manchester", "Greater Manchester", "M1 1AE", "United Kingdom", "priya@example.com"]) {
      expect(lines).toContain(billToLine);
    }

    expect(rows).toContain("Description Qty Net VAT rate");
    expect(rows).toContain("Vinyl banner 3 £134.85 20%");
    expect(rows).toContain("Foamex board 5 mm 12 £1,234.56 20%");
    expect(rows).toContain("Gloss poster 250 £49.99 20%");
    expect(rows).toContain("Size: 2000 x 1000 mm");
    expect(rows).toContain("Eyelets: every 50 cm");
    expect(rows).toContain("Size: A1");

    // 134.85 + 1,234.56 + 49.99 = 1,419.40; − 15.00 + 9.95 = 1,414.35; VAT 282.87; total 1,697.22
    expect(data.netTotalPence).toBe(141_435);
    expect(rows).toContain(`Sub Total ${formatPence(141_940)}`);
    expect(rows).toContain("Promo Discount (TRADE15) -£15.00");
    expect(rows).toContain("Delivery £9.95");
    expect(rows).toContain("Net total £1,414.35");
    expect(rows).toContain("VAT at 20% £282.87");
    expect(rows).toContain("Total £1,697.22");
    expect(rows).toContain("Banner Barn Ltd · VAT No. GB 123 4567 89 Page 1 of 1");

    expect(pdf.metadata).toMatchObject({
      title: "VAT Invoice INV-000123",
      author: "Banner Barn Ltd",
      creator: "Banner Barn Ltd",
      producer: "pdf-lib",
      creationDate: "D:20261122000000Z",
      modDate: "D:20261122000000Z",
    });
  });

  it("leaves the promo row out when there is no discount, and names no code when none is given", async () => {
    const noPromo = allRows(await renderInvoicePdf(makeInvoice({ promoDiscountPence: 0, promoCode: null, paidOn: undefined })));
    expect(noPromo.join("\n")).not.toContain("Promo");
    expect(noPromo.join("\n")).not.toContain("Paid on");
    expect(noPromo).toContain("Net total £1,429.35");

    const uncoded = allRows(await renderInvoicePdf(makeInvoice({ promoCode: null })));
    expect(uncoded).toContain("Promo Discount -£15.00");
  });

  it("prints a zero delivery and other VAT rates as given", async () => {
    const rows = allRows(
      await renderInvoicePdf(
        makeInvoice({
          deliveryPence: 0,
          lines: [{ description: "Printed book", details: [], quantity: 1, netPence: 1_000, vatRatePercent: 0 }],
          promoDiscountPence: 0,
        }),
      ),
    );
    expect(rows).toContain("Printed book 1 £10.00 0%");
    expect(rows).toContain("Delivery £0.00");
  });

  it("refuses with a RangeError when the figures do not add up, by as little as a penny", async () => {
    const good = makeInvoice();
    await expect(renderInvoicePdf({ ...good, netTotalPence: good.netTotalPence + 1, grossTotalPence: good.grossTotalPence + 1 })).rejects.toThrow(RangeError);
    await expect(renderInvoicePdf({ ...good, grossTotalPence: good.grossTotalPence - 1 })).rejects.toThrow(/but total is/);
    await expect(renderInvoicePdf({ ...good, vatPence: good.vatPence + 1 })).rejects.toThrow(RangeError);
    await expect(renderInvoicePdf({ ...good, deliveryPence: 0 })).rejects.toThrow(/but net total is/);
    await expect(renderInvoicePdf({ ...good, lines: [] })).rejects.toThrow(RangeError);
    await expect(renderInvoicePdf({ ...good, lines: good.lines.map((line) => ({ ...line, netPence: line.netPence + 0.5 })) })).rejects.toThrow(RangeError);
    await expect(renderInvoicePdf({ ...good, invoiceDate: "2026-02-30" })).rejects.toThrow(RangeError);
    await expect(renderInvoicePdf(good)).resolves.toBeInstanceOf(Uint8Array);
  });

  it("gives byte-identical PDFs for the same data, whatever the clock says", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-03-01T10:00:00Z"));
    const first = await renderInvoicePdf(makeInvoice());
    vi.setSystemTime(new Date("2031-07-15T23:59:59Z"));
    const second = await renderInvoicePdf(makeInvoice());
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);

    const otherDate = await renderInvoicePdf(makeInvoice({ invoiceDate: "2026-11-23" }));
    expect(Buffer.from(otherDate).equals(Buffer.from(first))).toBe(false);
    expect(readPdf(otherDate).metadata.creationDate).toBe("D:20261123000000Z");
  });

  it("replaces characters the standard fonts cannot encode with ? instead of failing", async () => {
    const data = makeInvoice({
      lines: [{ description: "Party banner 🎉 派对 ✓", details: ["Colour: 红"], quantity: 2, netPence: 2_000, vatRatePercent: 20 }],
      billTo: { name: "Zoë 李", lines: ["Straße 1"], town: "Köln", postcode: "50667", country: "Germany" },
      seller: { ...makeInvoice().seller, name: "Banner Barn Ltd 🎉" },
      promoCode: "😀",
    });
    const pdf = readPdf(await renderInvoicePdf(data));
    const rows = pdf.pages.flatMap((page) => page.rows);
    expect(rows).toContain("Party banner ? ?? ? 2 £20.00 20%");
    expect(rows).toContain("Colour: ?");
    expect(rows).toContain("Promo Discount (?) -£15.00");
    const lines = textLines(pdf.text);
    expect(lines).toContain("Zoë ?");
    expect(lines).toContain("Straße 1");
    expect(lines).toContain("Köln");
    expect(lines).toContain("Banner Barn Ltd ?");
  });

  it("wraps a long description under its own column and keeps the figures on its first line", async () => {
    const words = Array.from({ length: 40 }, (_, index) => `word${String(index).padStart(2, "0")}`);
    const rows = allRows(
      await renderInvoicePdf(makeInvoice({ lines: [{ description: words.join(" "), details: [], quantity: 7, netPence: 70_000, vatRatePercent: 20 }] })),
    );
    const first = rows.findIndex((row) => row.startsWith("word00 "));
    expect(rows[first]).toMatch(/ 7 £700\.00 20%$/);
    const descriptionRows = rows.slice(first, rows.findIndex((row) => row.startsWith("Sub Total")));
    expect(descriptionRows.length).toBeGreaterThan(2);
    expect(descriptionRows.join(" ").replace(/ 7 £700\.00 20%/, "")).toBe(words.join(" "));
  });

  it("flows 60 lines over two pages with the header repeated and the totals once, on the last page", async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      description: `Sticker sheet ${String(index + 1).padStart(2, "0")}`,
      details: [],
      quantity: index + 1,
      netPence: 100 * (index + 1),
      vatRatePercent: 20,
    }));
    const data = makeInvoice({ lines });
    const pdf = readPdf(await renderInvoicePdf(data));

    expect(pdf.pages).toHaveLength(2);
    const [first, last] = pdf.pages as [(typeof pdf.pages)[0], (typeof pdf.pages)[0]];
    expect(first.rows).toContain("Banner Barn Ltd · VAT No. GB 123 4567 89 Page 1 of 2");
    expect(last.rows).toContain("Banner Barn Ltd · VAT No. GB 123 4567 89 Page 2 of 2");
    expect(last.rows).toContain("VAT Invoice INV-000123 (continued) Banner Barn Ltd");
    for (const page of pdf.pages) expect(page.rows).toContain("Description Qty Net VAT rate");

    const allPageRows = [...first.rows, ...last.rows];
    lines.forEach((line) => {
      const row = `${line.description} ${line.quantity} ${formatPence(line.netPence)} 20%`;
      expect(allPageRows.filter((candidate) => candidate === row)).toHaveLength(1);
    });
    expect(first.rows).toContain("Sticker sheet 01 1 £1.00 20%");
    expect(last.rows).toContain("Sticker sheet 60 60 £60.00 20%");

    for (const label of ["Sub Total", "Promo Discount", "Net total", "VAT at 20%"]) {
      expect(occurrences(pdf.text, label)).toBe(1);
      expect(last.text).toContain(label);
    }
    // 1 + 2 + ... + 60 = 1,830 pounds; − 15.00 + 9.95
    expect(last.rows).toContain("Sub Total £1,830.00");
    expect(last.rows).toContain(`Total ${formatPence(data.grossTotalPence)}`);
    expect(first.rows.some((row) => row.startsWith("Total "))).toBe(false);
  });

  it("carries a description longer than a page over the page break rather than failing", async () => {
    const description = Array.from({ length: 1_200 }, (_, index) => `w${index}`).join(" ");
    const pdf = readPdf(
      await renderInvoicePdf(makeInvoice({ lines: [{ description, details: [], quantity: 1, netPence: 5_000, vatRatePercent: 20 }] })),
    );
    expect(pdf.pages.length).toBeGreaterThan(1);
    const text = pdf.pages.flatMap((page) => page.rows).join(" ");
    expect(text).toContain("w0 ");
    expect(text).toContain("w1199");
    expect(occurrences(pdf.text, "Sub Total")).toBe(1);
    expect(pdf.pages.at(-1)!.text).toContain("Sub Total");
  });
});
