import { describe, expect, it } from "vitest";
import { type PackingSlipData, renderPackingSlipPdf } from "./packing-slip-pdf";
import { mmToPt } from "./pdf-layout";
import { pdfBytesContain, readPdf } from "../../tests/support/pdf-text";

const SHOP_NAME = "Banner Barn";

const shopSender: PackingSlipData["sender"] = {
  name: `${SHOP_NAME} Ltd`,
  address: { lines: ["Unit 4, Canal Works"], town: "Leeds", postcode: "LS10 1AB", country: "United Kingdom" },
};

const resellerSender: PackingSlipData["sender"] = {
  name: "Northern Signs Co",
  address: { company: "Returns Dept", lines: ["7 Quay Side"], town: "Hull", county: "East Yorkshire", postcode: "HU1 2AA", country: "United Kingdom" },
};

function makeSlip(overrides: Partial<PackingSlipData> = {}): PackingSlipData {
  return {
    sender: shopSender,
    shipTo: {
      name: "Tom Baker",
      company: "Baker & Sons",
      lines: ["3 Mill Lane", "Unit B"],
      town: "York",
      postcode: "YO1 7HH",
      country: "United Kingdom",
      phone: "07700 900123",
    },
    orderRef: "PS-7K2Q9",
    dispatchDate: "2026-11-24",
    items: [
      { description: "Vinyl banner", details: ["Size: 2000 x 1000 mm", "Eyelets: every 50 cm"], quantity: 3 },
      { description: "Foamex board 5 mm", details: [], quantity: 12 },
    ],
    deliveryInstructions: "Leave with the neighbour at number 5",
    carrier: "DPD",
    trackingNumber: "15501234567890",
    blind: false,
    ...overrides,
  };
}

describe("renderPackingSlipPdf", () => {
  it("is A5 portrait, 148 × 210 mm to within 0.1 mm", async () => {
    const pdf = readPdf(await renderPackingSlipPdf(makeSlip()));
    expect(pdf.pages).toHaveLength(1);
    const { widthPt, heightPt } = pdf.pages[0]!;
    expect(Math.abs(widthPt - mmToPt(148))).toBeLessThanOrEqual(mmToPt(0.1));
    expect(Math.abs(heightPt - mmToPt(210))).toBeLessThanOrEqual(mmToPt(0.1));
    expect(Math.abs(widthPt - 419.53)).toBeLessThan(0.01); // and mmToPt itself is the A5 size in points
  });

  it("prints the shop as sender, the recipient, references, items and delivery details", async () => {
    const pdf = readPdf(await renderPackingSlipPdf(makeSlip()));
    const rows = pdf.pages[0]!.rows;
    expect(rows.slice(0, 2)).toEqual(["Banner Barn Ltd", "Packing slip"]);
    expect(rows).toContain("Order ref PS-7K2Q9");
    expect(rows).toContain("Dispatched 24/11/2026");

    const deliverTo = rows.indexOf("DELIVER TO");
    expect(rows.slice(deliverTo + 1, deliverTo + 9)).toEqual([
      "Tom Baker",
      "Baker & Sons",
      "3 Mill Lane",
      "Unit B",
      "York",
      "YO1 7HH",
      "United Kingdom",
      "Tel: 07700 900123",
    ]);
    const from = rows.indexOf("FROM");
    expect(rows.slice(from + 1, from + 6)).toEqual(["Banner Barn Ltd", "Unit 4, Canal Works", "Leeds", "LS10 1AB", "United Kingdom"]);

    expect(rows).toContain("Item Qty");
    expect(rows).toContain("Vinyl banner 3");
    expect(rows).toContain("Size: 2000 x 1000 mm");
    expect(rows).toContain("Eyelets: every 50 cm");
    expect(rows).toContain("Foamex board 5 mm 12");
    expect(rows).toContain("DELIVERY INSTRUCTIONS");
    expect(rows).toContain("Leave with the neighbour at number 5");
    expect(rows).toContain("Carrier: DPD");
    expect(rows).toContain("Tracking number: 15501234567890");
    expect(rows).toContain("Thank you for your order from Banner Barn Ltd.");
    expect(rows).toContain("Order PS-7K2Q9 Page 1 of 1");

    expect(pdf.metadata).toMatchObject({ author: "Banner Barn Ltd", creator: "Banner Barn Ltd", creationDate: "D:20261124000000Z" });
    // The control for the blind test below: the same search does find the shop in a branded slip.
    expect(pdfBytesContain(await renderPackingSlipPdf(makeSlip()), SHOP_NAME)).toBe(true);
  });

  it("for blind shipping carries only the reseller's name and return address, and no trace of the shop", async () => {
    const bytes = await renderPackingSlipPdf(makeSlip({ sender: resellerSender, blind: true }));
    const pdf = readPdf(bytes);
    const rows = pdf.pages[0]!.rows;

    expect(rows[0]).toBe("Packing slip");
    const from = rows.indexOf("FROM");
    expect(rows.slice(from + 1, from + 8)).toEqual([
      "Northern Signs Co",
      "Returns Dept",
      "7 Quay Side",
      "Hull",
      "East Yorkshire",
      "HU1 2AA",
      "United Kingdom",
    ]);
    expect(rows).toContain("Tom Baker");
    expect(rows).toContain("Vinyl banner 3");
    expect(rows.join("\n")).not.toContain("Thank you");

    expect(pdf.text.toLowerCase()).not.toContain(SHOP_NAME.toLowerCase());
    expect(pdfBytesContain(bytes, SHOP_NAME)).toBe(false);
    for (const value of Object.values(pdf.metadata)) expect(value ?? "").not.toMatch(/banner barn/i);
    expect(pdf.metadata).toMatchObject({
      title: "Packing slip PS-7K2Q9",
      author: "Northern Signs Co",
      subject: "Packing slip",
      keywords: "packing slip PS-7K2Q9",
      creator: "Northern Signs Co",
      producer: "pdf-lib",
    });
    expect(pdfBytesContain(bytes, "Northern Signs Co")).toBe(true);
  });

  it("leaves out what was not given and stays byte-identical without a dispatch date", async () => {
    const data = makeSlip({ dispatchDate: undefined, deliveryInstructions: null, carrier: null, trackingNumber: "  " });
    const bytes = await renderPackingSlipPdf(data);
    const pdf = readPdf(bytes);
    for (const absent of ["Dispatched", "DELIVERY INSTRUCTIONS", "Carrier", "Tracking"]) expect(pdf.text).not.toContain(absent);
    expect(pdf.metadata.creationDate).toBeUndefined();
    expect(Buffer.from(await renderPackingSlipPdf(data)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("flows many items onto further pages with the item header repeated", async () => {
    const items = Array.from({ length: 45 }, (_, index) => ({ description: `Poster design ${index + 1}`, details: ["A2, gloss"], quantity: index + 1 }));
    const pdf = readPdf(await renderPackingSlipPdf(makeSlip({ items })));
    expect(pdf.pages.length).toBeGreaterThan(1);
    const pageCount = pdf.pages.length;
    pdf.pages.forEach((page, index) => {
      expect(page.rows).toContain(`Order PS-7K2Q9 Page ${index + 1} of ${pageCount}`);
      expect(page.rows).toContain("Item Qty");
    });
    expect(pdf.pages[1]!.rows[0]).toBe("Packing slip PS-7K2Q9 (continued)");
    const rows = pdf.pages.flatMap((page) => page.rows);
    for (const item of items) expect(rows.filter((row) => row === `${item.description} ${item.quantity}`)).toHaveLength(1);
    expect(pdf.pages.at(-1)!.rows).toContain("Carrier: DPD");
  });

  it("refuses an empty slip, a bad quantity or a malformed date with a RangeError", async () => {
    await expect(renderPackingSlipPdf(makeSlip({ items: [] }))).rejects.toThrow(RangeError);
    await expect(renderPackingSlipPdf(makeSlip({ items: [{ description: "Banner", details: [], quantity: 0 }] }))).rejects.toThrow(RangeError);
    await expect(renderPackingSlipPdf(makeSlip({ dispatchDate: "24/11/2026" }))).rejects.toThrow(RangeError);
  });
});
