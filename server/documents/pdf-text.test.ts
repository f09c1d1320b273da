import { PDFDict, PDFDocument, PDFHexString, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfBytesContain, readPdf } from "../../tests/support/pdf-text";

async function pdfWith(draw: (doc: PDFDocument) => Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  await draw(doc);
  return doc.save({ useObjectStreams: false });
}

describe("readPdf", () => {
  it("reads page size, metadata, and runs on one baseline as one row from left to right", async () => {
    const bytes = await pdfWith(async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.addPage([300, 200]);
      page.drawText("£12.50", { x: 200, y: 150, size: 10, font });
      page.drawText("Poster", { x: 20, y: 150, size: 10, font });
      page.drawText("4", { x: 150, y: 150.5, size: 10, font });
      page.drawText("Matt finish", { x: 20, y: 136, size: 8, font });
      doc.setTitle("Read-back check");
    });
    const pdf = readPdf(bytes);
    expect(pdf.pages).toHaveLength(1);
    expect(pdf.pages[0]).toMatchObject({ rows: ["Poster 4 £12.50", "Matt finish"], widthPt: 300, heightPt: 200 });
    expect(pdf.text).toContain("Matt finish");
    expect(pdf.metadata.title).toBe("Read-back check");
    expect(pdf.metadata.author).toBeUndefined();
  });
});

describe("pdfBytesContain", () => {
  it("finds text drawn inside a compressed content stream", async () => {
    const bytes = await pdfWith(async (doc) => {
      const font = await doc.embedFont(StandardFonts.Helvetica);
      doc.addPage([200, 200]).drawText("Acme Prints", { x: 10, y: 100, size: 12, font });
    });
    expect(Buffer.from(bytes).toString("latin1")).not.toContain("Acme");
    expect(pdfBytesContain(bytes, "acme prints")).toBe(true);
    expect(pdfBytesContain(bytes, "Other Name")).toBe(false);
  });

  it("finds a name in any Info entry, even one no reader shows", async () => {
    const bytes = await pdfWith(async (doc) => {
      doc.addPage([200, 200]);
      doc.setKeywords(["neutral"]);
      const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
      info.set(PDFName.of("Company"), PDFHexString.fromText("Acme Prints"));
    });
    expect(readPdf(bytes).metadata.keywords).toBe("neutral");
    expect(pdfBytesContain(bytes, "Acme Prints")).toBe(true);
    expect(pdfBytesContain(bytes, "Other Name")).toBe(false);
  });
});
