import { describe, expect, it } from "vitest";
import { cleanFileName, MAX_STORED_FILE_NAME } from "./uploads";

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
