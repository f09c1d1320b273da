import { describe, expect, it } from "vitest";
import { addItem, basketFromQuote, basketLine, EMPTY_BASKET, parseBasketState, removeItem, setDesignService, setDiscount, type BasketItem } from "./basket";

const item = {
  lineId: "line-1",
  productId: 7,
  productName: "PVC Banners",
  image: null,
  attributes: [{ group: "Material", subattribute_id: 2, subattribute_name: "440gsm PVC" }],
  quantity: 1,
  versions: 1,
  pricePence: 1250,
  customWidth: 1200,
  customHeight: 800,
  orientation: "Landscape",
};

describe("parseBasketState (the stored basket)", () => {
  it("keeps a valid basket and fills the fields older baskets lack", () => {
    expect(parseBasketState({ items: [item], discount: 10 })).toEqual({
      items: [{ ...item, productSlug: "", qty_limits: null, reorder: null }],
      discount: 10,
      amountOffPence: 0,
      promoCode: null,
      quote: null,
    });
  });

  it("keeps a line's design from the online editor, saved or still in this browser", () => {
    const saved = { ...item, design: { id: 12, localId: null, name: "Shop banner" } };
    const local = { ...item, lineId: "line-2", design: { id: null, localId: "draft_abc", name: "Sale" } };
    expect(parseBasketState({ items: [saved, local], discount: 0 })?.items.map((i) => i.design)).toEqual([saved.design, local.design]);
    expect(parseBasketState({ items: [{ ...item, design: { id: "12", localId: null, name: "x" } }], discount: 0 })).toBeNull();
  });

  it("accepts the empty basket", () => {
    expect(parseBasketState(EMPTY_BASKET)).toEqual(EMPTY_BASKET);
  });

  it("drops keys it does not know", () => {
    expect(parseBasketState({ items: [], discount: 0, promoCode: "WELCOME", junk: true })).toEqual({ items: [], discount: 0, amountOffPence: 0, promoCode: "WELCOME", quote: null });
  });

  it.each([
    ["a quantity below 1", { items: [{ ...item, quantity: 0 }], discount: 0 }],
    ["a fractional quantity", { items: [{ ...item, quantity: 1.5 }], discount: 0 }],
    ["a negative price", { items: [{ ...item, pricePence: -1 }], discount: 0 }],
    ["an id beyond a safe integer", { items: [{ ...item, productId: 2 ** 60 }], discount: 0 }],
    ["an infinite width", { items: [{ ...item, customWidth: Infinity }], discount: 0 }],
    ["an option without its id", { items: [{ ...item, attributes: [{ group: "Material", subattribute_name: "440gsm PVC" }] }], discount: 0 }],
    ["an unknown orientation", { items: [{ ...item, orientation: "Sideways" }], discount: 0 }],
    ["a discount over 100", { items: [], discount: 101 }],
    ["a discount below 0", { items: [], discount: -1 }],
    ["an amount off in fractions of a penny", { items: [], discount: 0, amountOffPence: 2.5 }],
    ["a negative amount off", { items: [], discount: 0, amountOffPence: -100 }],
    ["no items array", { discount: 0 }],
    ["a string", "basket"],
    ["null", null],
  ])("rejects %s", (_name, stored) => {
    expect(parseBasketState(stored)).toBeNull();
  });
});

describe("a basket holding a quote", () => {
  const line = (lineId: string, productId: number): BasketItem => ({ ...item, lineId, productId, productSlug: "", qty_limits: null, reorder: null, orientation: "Landscape", designService: false });
  const quote = { id: 4, number: "Q-000004", validUntil: "2026-12-25" };
  const quoted = basketFromQuote(quote, [line("a", 7), line("b", 0)]);

  it("is stored and read back whole", () => {
    expect(parseBasketState(JSON.parse(JSON.stringify(quoted)))).toEqual(quoted);
  });

  it("takes no promo code on top of the agreed prices", () => {
    expect(setDiscount(quoted, 10, "TENOFF")).toBe(quoted);
  });

  it("ends when a line is added: manager-priced lines go, catalogue lines stay to be priced as usual", () => {
    const added = addItem(quoted, line("c", 9));
    expect(added.quote).toBeNull();
    expect(added.items.map((i) => i.lineId)).toEqual(["a", "c"]);
  });

  it("ends when a line is removed", () => {
    const removed = removeItem(quoted, "a");
    expect(removed).toEqual(EMPTY_BASKET);
    const kept = removeItem(basketFromQuote(quote, [line("a", 7), line("d", 8)]), "a");
    expect(kept.quote).toBeNull();
    expect(kept.items.map((i) => i.lineId)).toEqual(["d"]);
  });
});

describe("the design service on a basket line", () => {
  const line: BasketItem = { ...item, productSlug: "", qty_limits: null, reorder: { orderId: 3, previousPricePence: 1250, reuseArtwork: true }, orientation: "Landscape", designService: false, versions: 2, quantity: 4 };

  it("adds one fee per version to the print price when chosen", () => {
    expect(basketLine(line)).toEqual({ printPence: 1250, designFeePence: 0, linePence: 1250 });
    expect(basketLine({ ...line, designService: true })).toEqual({ printPence: 1250, designFeePence: 1200, linePence: 2450 });
  });

  it("is chosen per line; choosing it stops a reorder reusing the old artwork", () => {
    const basket = { ...EMPTY_BASKET, items: [line, { ...line, lineId: "line-2" }] };
    const chosen = setDesignService(basket, "line-1", true);
    expect(chosen.items.map((i) => i.designService)).toEqual([true, false]);
    expect(chosen.items[0]!.reorder?.reuseArtwork).toBe(false);
    expect(setDesignService(chosen, "line-1", false).items[0]!.designService).toBe(false);
  });

  it("is not changed on a quote's lines (a quote is ordered as quoted)", () => {
    const quoted = basketFromQuote({ id: 1, number: "Q-000001", validUntil: "2026-12-25" }, [line]);
    expect(setDesignService(quoted, "line-1", true)).toBe(quoted);
  });
});
