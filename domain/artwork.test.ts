import { describe, expect, it } from "vitest";
import { defaultVersionQuantity, isArtworkComplete, orderedArtworkSize, quantityProblem, shortFileName } from "./artwork";

const file = (versionNumber: number, quantity: number, approved = true) => ({ versionNumber, quantity, approved });

describe("artwork completeness (spec section 4)", () => {
  it("needs one approved file per version", () => {
    expect(isArtworkComplete({ quantity: 10, versions: 1 }, [file(1, 10)])).toBe(true);
    expect(isArtworkComplete({ quantity: 10, versions: 1 }, [])).toBe(false);
    expect(isArtworkComplete({ quantity: 10, versions: 1 }, [file(1, 10, false)])).toBe(false);
    expect(isArtworkComplete({ quantity: 10, versions: 2 }, [file(1, 5)])).toBe(false);
  });

  it("with several versions, needs their quantities to add up exactly to the item's", () => {
    expect(isArtworkComplete({ quantity: 10, versions: 2 }, [file(1, 6), file(2, 4)])).toBe(true);
    expect(isArtworkComplete({ quantity: 10, versions: 2 }, [file(1, 6), file(2, 5)])).toBe(false);
    expect(isArtworkComplete({ quantity: 10, versions: 2 }, [file(1, 5), file(2, 4)])).toBe(false);
    // One version: its own quantity field does not matter.
    expect(isArtworkComplete({ quantity: 10, versions: 1 }, [file(1, 3)])).toBe(true);
  });

  it("says 'Too many!' when the versions' quantities exceed the item's", () => {
    expect(quantityProblem({ quantity: 10, versions: 2 }, [{ quantity: 6 }, { quantity: 5 }])).toBe("Too many!");
    expect(quantityProblem({ quantity: 10, versions: 2 }, [{ quantity: 6 }, { quantity: 4 }])).toBeNull();
    expect(quantityProblem({ quantity: 10, versions: 2 }, [{ quantity: 0 }])).toBe("Quantity must be at least 1");
  });

  it("starts versions on an even split that adds up", () => {
    const split = [1, 2, 3].map((v) => defaultVersionQuantity({ quantity: 10, versions: 3 }, v));
    expect(split).toEqual([4, 3, 3]);
    expect(defaultVersionQuantity({ quantity: 7, versions: 1 }, 1)).toBe(7);
  });

  it("cuts long file names at 100 characters", () => {
    expect(shortFileName("a".repeat(150) + ".pdf")).toHaveLength(100);
    expect(shortFileName("banner.pdf")).toBe("banner.pdf");
  });

  it("knows the size artwork must fill", () => {
    expect(orderedArtworkSize({ widthMm: 1200, heightMm: 800, fixedSize: null, orientation: null })).toEqual({ widthMm: 1200, heightMm: 800, orientation: "Custom" });
    expect(orderedArtworkSize({ widthMm: null, heightMm: null, fixedSize: "594x841", orientation: "Landscape" })).toEqual({ widthMm: 841, heightMm: 594, orientation: "Landscape" });
    expect(orderedArtworkSize({ widthMm: null, heightMm: null, fixedSize: "594x841", orientation: "Portrait" })).toEqual({ widthMm: 594, heightMm: 841, orientation: "Portrait" });
  });
});
