import { describe, expect, it } from "vitest";
import { EMPTY_BASKET, parseBasketState } from "./basket";

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
    });
  });

  it("accepts the empty basket", () => {
    expect(parseBasketState(EMPTY_BASKET)).toEqual(EMPTY_BASKET);
  });

  it("drops keys it does not know", () => {
    expect(parseBasketState({ items: [], discount: 0, promoCode: "WELCOME", junk: true })).toEqual({ items: [], discount: 0, amountOffPence: 0, promoCode: "WELCOME" });
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
