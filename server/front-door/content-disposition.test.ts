import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

describe("Content-Disposition for any file name", () => {
  it("keeps a plain name as it is", () => {
    expect(contentDisposition("attachment", "INV-000042.pdf")).toBe('attachment; filename="INV-000042.pdf"');
  });

  it("gives a name beyond Latin-1 an ASCII fallback and the real name in filename*", () => {
    const header = contentDisposition("attachment", "Ünïcødé 看板 (final).pdf");
    expect(header).toBe(`attachment; filename="Unic_de __ (final).pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B8d%C3%A9%20%E7%9C%8B%E6%9D%BF%20%28final%29.pdf`);
    // Every byte is one a header may carry.
    expect(/^[\x20-\x7e]+$/.test(header)).toBe(true);
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe("Ünïcødé 看板 (final).pdf");
  });

  it("cannot be broken out of by quotes, backslashes, line breaks or a lone surrogate", () => {
    const header = contentDisposition("inline", 'a"b\\c\r\nSet-Cookie: x=1\ud800.png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('inline; filename="a_b_cSet-Cookie: x=1_.png"')).toBe(true);
  });
});
