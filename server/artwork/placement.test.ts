import { describe, expect, it } from "vitest";
import { applyMatrix, fitMatrix, normaliseTurn } from "./placement";

const page = { width: 600, height: 800 };
const round = ([x, y]: [number, number]) => [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000];

describe("fitMatrix", () => {
  it("fills the page with content of the same shape", () => {
    const m = fitMatrix({ width: 300, height: 400 }, 0, page);
    expect(round(applyMatrix(m, 0, 0))).toEqual([0, 0]);
    expect(round(applyMatrix(m, 300, 400))).toEqual([600, 800]);
  });

  it("fits other shapes inside, centred, with the same scale both ways", () => {
    const m = fitMatrix({ width: 100, height: 100 }, 0, page);
    expect(round(applyMatrix(m, 0, 0))).toEqual([0, 100]);
    expect(round(applyMatrix(m, 100, 100))).toEqual([600, 700]);
  });

  it("turns clockwise: the content's top-left corner goes to the page's top-right", () => {
    const m = fitMatrix({ width: 800, height: 600 }, 90, page);
    expect(round(applyMatrix(m, 0, 600))).toEqual([600, 800]);
    expect(round(applyMatrix(m, 800, 0))).toEqual([0, 0]);
  });

  it("draws images into the unit square", () => {
    const m = fitMatrix({ width: 3000, height: 4000, unitSquare: true }, 0, page);
    expect(round(applyMatrix(m, 1, 1))).toEqual([600, 800]);
    const turned = fitMatrix({ width: 4000, height: 3000, unitSquare: true }, 270, page);
    // Counter-clockwise: the image's top-left corner lands bottom-left.
    expect(round(applyMatrix(turned, 0, 1))).toEqual([0, 0]);
    expect(round(applyMatrix(turned, 1, 0))).toEqual([600, 800]);
  });

  it("normalises any angle to a quarter turn", () => {
    expect([0, 90, 180, 270, 360, 450, -90].map(normaliseTurn)).toEqual([0, 90, 180, 270, 0, 90, 270]);
  });
});
