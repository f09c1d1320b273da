import { lineWithDesignPence } from "./pricing";
import { MAX_PROMO_AMOUNT_PENCE } from "./totals";

/** A chosen option, as the spec's calculatePrice payload and basket item carry it. */
export type SelectedAttribute = { group: string; subattribute_id: number; subattribute_name: string };

/** One basket line (spec section 3 "basket item"); money is pence. */
export type BasketItem = {
  /** Stable id of the line within the basket, so removes and re-pricing never hit the wrong line. */
  lineId: string;
  productId: number;
  productName: string;
  productSlug: string;
  image: string | null;
  attributes: SelectedAttribute[];
  quantity: number;
  versions: number;
  /** The server's discounted line price of the print (calculatePrice `total`), in pence; the design service is added to it (basketLine). */
  pricePence: number;
  /** "Design it for me": the shop's design service makes the artwork, one fee per version (docs/decisions/027-design-service-money-and-dates.md); absent is no. */
  designService?: boolean;
  qty_limits: { min_qty: number; orientation: string; fixed_size: string | null } | null;
  customWidth: number | null;
  customHeight: number | null;
  orientation: "Portrait" | "Landscape" | null;
  /** A reorder entry (spec section 3): the ordered item it repeats, its price then, and whether to reuse its approved artwork. */
  reorder: { orderId: number; previousPricePence: number; reuseArtwork: boolean } | null;
  /**
   * A design from the online editor, printed as this line's artwork: saved on the account (`id`), or a
   * guest's draft still held by this browser (`localId`) until checkout has made the account.
   */
  design?: BasketDesign | null;
};

export type BasketDesign = { id: number | null; localId: string | null; name: string };

export type BasketState = {
  items: BasketItem[];
  /** Promo percentage (spec: basket state "discount"). */
  discount: number;
  /** A fixed-amount code's pence off Sub Total (0 for a percentage code or none). */
  amountOffPence: number;
  promoCode: string | null;
  /**
   * A formal quote being ordered (issue 23): the lines are its lines, at its prices, while it is valid.
   * The quote is ordered whole, so adding or removing a line ends it (the lines are then priced as usual).
   */
  quote: BasketQuote | null;
};

export type BasketQuote = { id: number; number: string; validUntil: string };

// The stored basket is read on every page (the header shows its count), so it is checked by hand rather than
// with a zod schema: zod's core would add ~14 KB compressed to every page. Each reader answers the value, with
// the default for a field older baskets lack, or throws Invalid; unknown keys are dropped.
class Invalid extends Error {}

type Read<T> = (value: unknown) => T;

const fail = (): never => {
  throw new Invalid();
};
const str: Read<string> = (v) => (typeof v === "string" ? v : fail());
const num: Read<number> = (v) => (typeof v === "number" && Number.isFinite(v) ? v : fail());
const int: Read<number> = (v) => (Number.isSafeInteger(v) ? (v as number) : fail());
const bool: Read<boolean> = (v) => (typeof v === "boolean" ? v : fail());
const inRange = (read: Read<number>, min: number, max = Infinity): Read<number> => (v) => {
  const n = read(v);
  return n >= min && n <= max ? n : fail();
};
const nullable = <T>(read: Read<T>): Read<T | null> => (v) => (v === null ? null : read(v));
const withDefault = <T>(read: Read<T>, fallback: T): Read<T> => (v) => (v === undefined ? fallback : read(v));
const oneOf = <T extends string>(...values: T[]): Read<T> => (v) => (values.includes(v as T) ? (v as T) : fail());
const arrayOf = <T>(read: Read<T>): Read<T[]> => (v) => (Array.isArray(v) ? v.map(read) : fail());
const record = <T extends object>(shape: { [K in keyof T]: Read<T[K]> }): Read<T> => (v) => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return fail();
  const source = v as Record<string, unknown>;
  const out = {} as T;
  for (const key of Object.keys(shape) as (keyof T & string)[]) out[key] = shape[key](source[key]);
  return out;
};

const readAttribute = record<SelectedAttribute>({ group: str, subattribute_id: int, subattribute_name: str });

const readItem = record<BasketItem>({
  lineId: str,
  productId: int,
  productName: str,
  productSlug: withDefault(str, ""),
  image: nullable(str),
  attributes: arrayOf(readAttribute),
  quantity: inRange(int, 1),
  versions: inRange(int, 1),
  pricePence: inRange(int, 0),
  qty_limits: withDefault(nullable(record({ min_qty: num, orientation: str, fixed_size: nullable(str) })), null),
  customWidth: nullable(num),
  customHeight: nullable(num),
  orientation: nullable(oneOf("Portrait", "Landscape")),
  reorder: withDefault(nullable(record({ orderId: int, previousPricePence: inRange(int, 0), reuseArtwork: bool })), null),
  designService: withDefault<boolean | undefined>(bool, undefined),
  // Left out of lines without a design (older baskets, and every line but the editor's).
  design: withDefault<BasketDesign | null | undefined>(nullable(record<BasketDesign>({ id: nullable(inRange(int, 1)), localId: nullable(str), name: str })), undefined),
});

const readState = record<BasketState>({
  items: arrayOf(readItem),
  discount: inRange(num, 0, 100),
  amountOffPence: withDefault(inRange(int, 0, MAX_PROMO_AMOUNT_PENCE), 0),
  promoCode: withDefault(nullable(str), null),
  quote: withDefault(nullable(record<BasketQuote>({ id: inRange(int, 1), number: str, validUntil: str })), null),
});

/** A basket read from storage (untrusted JSON), or null when any part of it is malformed. */
export function parseBasketState(raw: unknown): BasketState | null {
  try {
    return readState(raw);
  } catch (error) {
    if (error instanceof Invalid) return null;
    throw error;
  }
}

export const EMPTY_BASKET: BasketState = { items: [], discount: 0, amountOffPence: 0, promoCode: null, quote: null };

/** A quote's line with no catalogue product behind it (priced by a manager): it exists only within its quote. */
export const isQuoteOnlyItem = (item: Pick<BasketItem, "productId">) => item.productId === 0;

/** Leaves a quote: its catalogue lines stay (to be priced as usual), its manager-priced lines go. */
function leaveQuote(state: BasketState): BasketState {
  return state.quote ? { ...state, quote: null, items: state.items.filter((item) => !isQuoteOnlyItem(item)) } : state;
}

export function addItem(state: BasketState, item: BasketItem): BasketState {
  const left = leaveQuote(state);
  return { ...left, items: [...left.items, item] };
}

/** Removing the last line also drops the promo (docs/decisions/008-promotions.md). */
export function removeItem(state: BasketState, lineId: string): BasketState {
  const items = leaveQuote({ ...state, items: state.items.filter((item) => item.lineId !== lineId) }).items;
  return items.length === 0 ? EMPTY_BASKET : { ...state, items, quote: null };
}

/** The basket becomes exactly this quote's lines at its prices (any promo goes: the quote's prices are agreed). */
export function basketFromQuote(quote: BasketQuote, items: BasketItem[]): BasketState {
  return { items, discount: 0, amountOffPence: 0, promoCode: null, quote };
}

/** The applied code: a percentage off, or (`amountOffPence` above 0) a fixed amount off Sub Total. */
export function setDiscount(state: BasketState, percent: number, promoCode: string | null, amountOffPence = 0): BasketState {
  if (state.items.length === 0) return EMPTY_BASKET;
  if (state.quote) return state;
  return { ...state, discount: amountOffPence > 0 ? 0 : percent, amountOffPence, promoCode };
}

/**
 * The line as priced: the print, the design service for each of its versions when chosen, and the two
 * together. A line with its own design from the online editor has its artwork, so no design service.
 */
export function basketLine(item: Pick<BasketItem, "pricePence" | "versions" | "designService" | "design">): { printPence: number; designFeePence: number; linePence: number } {
  return lineWithDesignPence(item.pricePence, item.designService && !item.design ? item.versions : 0);
}

/** Chooses (or drops) the design service for one line; a reorder that reuses approved artwork needs none. */
export function setDesignService(state: BasketState, lineId: string, designService: boolean): BasketState {
  // A quote's lines are ordered at the quote's figures, as quoted.
  if (state.quote) return state;
  return {
    ...state,
    items: state.items.map((item) =>
      item.lineId === lineId && !item.design ? { ...item, designService, reorder: designService && item.reorder ? { ...item.reorder, reuseArtwork: false } : item.reorder } : item,
    ),
  };
}

export function basketItemCount(state: BasketState): number {
  return state.items.length;
}
