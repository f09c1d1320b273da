import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { formatUkDate } from "../../domain/format";
import { encodableText, formatPercent, mmToPt, postalAddressLines, wrapText } from "./pdf-layout";

const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);

describe("pdf layout helpers", () => {
  it("keeps WinAnsi text, replaces what the standard fonts cannot draw with ?, and makes one line", () => {
    expect(encodableText(font, "Café £5 – “quoted” €")).toBe("Café £5 – “quoted” €");
    expect(encodableText(font, "Cafe\u0301")).toBe("Café"); // composed, not "e?"
    expect(encodableText(font, "Thumbs 👍🏽 漢字 ❤️ ✓")).toBe("Thumbs ?? ?? ? ?");
    expect(encodableText(font, "two\nlines\tand a tab")).toBe("two lines and a tab");
  });

  it("wraps at spaces, splits a word wider than the line, and never exceeds the width", () => {
    const lines = wrapText(font, 10, "A short line then Supercalifragilisticexpialidociousandthensome words", 80);
    expect(lines.join(" ").replace(/ /g, "")).toBe("AshortlinethenSupercalifragilisticexpialidociousandthensomewords");
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(80);
    expect(wrapText(font, 10, "   ", 80)).toEqual([""]);
  });

  it("formats ISO dates en-GB and rejects dates that do not exist", () => {
    expect(formatUkDate("2026-11-22")).toBe("22/11/2026");
    expect(formatUkDate("2028-02-29")).toBe("29/02/2028");
    expect(() => formatUkDate("2026-02-29")).toThrow(RangeError);
    expect(() => formatUkDate("22/11/2026")).toThrow(RangeError);
  });

  it("formats rates, converts millimetres and lists an address without empty parts", () => {
    expect(formatPercent(20)).toBe("20%");
    expect(formatPercent(17.5)).toBe("17.5%");
    expect(() => formatPercent(-1)).toThrow(RangeError);
    expect(mmToPt(25.4)).toBe(72);
    expect(postalAddressLines({ name: " Ann ", company: "", lines: ["1 Road", ""], town: "Leeds", postcode: "LS1 1AA", country: "United Kingdom" })).toEqual([
      "Ann",
      "1 Road",
      "Leeds",
      "LS1 1AA",
      "United Kingdom",
    ]);
  });
});
