import { describe, expect, it } from "vitest";
import { blankDesign } from "../../../domain/design/templates";
import { reduce, type History } from "./history";

const a = blankDesign({ widthMm: 100, heightMm: 100 });
const b = { ...a, widthMm: 200 };
const c = { ...a, widthMm: 300 };
const start: History = { past: [], present: a, future: [], pending: null };

describe("the editor's undo and redo", () => {
  it("undoes and redoes changes in order; a new change drops what could be redone", () => {
    let h = reduce(reduce(start, { type: "change", next: b }), { type: "change", next: c });
    h = reduce(h, { type: "undo" });
    expect(h.present).toBe(b);
    h = reduce(h, { type: "redo" });
    expect(h.present).toBe(c);
    h = reduce(reduce(h, { type: "undo" }), { type: "change", next: a });
    expect(h.future).toEqual([]);
    expect(reduce(h, { type: "undo" }).present).toBe(b);
  });
  it("records a whole drag as one step", () => {
    let h = reduce(start, { type: "preview", next: b });
    h = reduce(h, { type: "preview", next: c });
    h = reduce(h, { type: "commit" });
    expect(h.past).toEqual([a]);
    expect(reduce(h, { type: "undo" }).present).toBe(a);
  });
});
