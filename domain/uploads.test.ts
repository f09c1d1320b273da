import { describe, expect, it } from "vitest";
import { cleanFileName, formatFileSize, MAX_STORED_FILE_NAME } from "./uploads";

describe("an upload's file name", () => {
  it("keeps an ordinary name as it is", () => {
    expect(cleanFileName("Shop front – 2 m × 1 m.pdf", "artwork")).toBe("Shop front – 2 m × 1 m.pdf");
  });

  it("loses control characters, bidirectional overrides, lone surrogates and any folder", () => {
    expect(cleanFileName("a\u0000b.pdf", "artwork")).toBe("ab.pdf");
    expect(cleanFileName("\u001b[31mred.pdf", "artwork")).toBe("[31mred.pdf");
    expect(cleanFileName("\u202egnp.pdf", "artwork")).toBe("gnp.pdf");
    expect(cleanFileName("x\ud800y.pdf", "artwork")).toBe("xy.pdf");
    expect(cleanFileName("../../etc/passwd", "artwork")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\me\\logo.png", "artwork")).toBe("logo.png");
  });

  it("is the fallback when nothing is left, and at most 255 characters", () => {
    for (const empty of ["", "   ", ".", "..", "\u0000", null, undefined]) expect(cleanFileName(empty, "artwork")).toBe("artwork");
    expect(cleanFileName(`${"n".repeat(600)}.pdf`, "artwork")).toHaveLength(MAX_STORED_FILE_NAME);
  });
});

describe("a file's size as the uploader shows it", () => {
  it("is in KB under a megabyte, so a 34 KB file never reads '0.0 MB'", () => {
    expect(formatFileSize(34 * 1024)).toBe("34 KB");
    expect(formatFileSize(34_000)).toBe("34 KB");
    expect(formatFileSize(1)).toBe("1 KB");
    expect(formatFileSize(0)).toBe("0 KB");
    expect(formatFileSize(1024 * 1024 - 1)).toBe("1.0 MB");
  });

  it("is in MB from a megabyte: one decimal under 10, none above", () => {
    expect(formatFileSize(1024 * 1024)).toBe("1.0 MB");
    expect(formatFileSize(12.5 * 1024 * 1024)).toBe("13 MB");
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe("2.5 MB");
  });
});
