// The order lifecycle (docs/decisions/013-order-lifecycle.md, spec section 4): one transition table that the server checks
// every change against and the staff screens offer moves from, and the customer's progress steps.

export const ORDER_STATUSES = [
  "Awaiting Artwork",
  "Print Ready",
  "Production",
  "Part Printed",
  "Printed",
  "Dispatched",
  "Shipped",
  "Cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * From → the statuses it may move to. Awaiting Artwork is reached again only by rejecting the artwork.
 * Cancelled is reached only before printing starts (an item cancelled is refunded), and is the end.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  "Awaiting Artwork": ["Print Ready", "Cancelled"],
  "Print Ready": ["Production", "Awaiting Artwork", "Cancelled"],
  Production: ["Part Printed", "Printed", "Awaiting Artwork"],
  "Part Printed": ["Printed"],
  Printed: ["Dispatched", "Shipped"],
  Dispatched: [],
  Shipped: [],
  Cancelled: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export type TransitionCheck = { ok: true } | { ok: false; message: string };

/** The reason a move is refused, in words staff understand. */
export function checkTransition(from: OrderStatus, to: OrderStatus): TransitionCheck {
  if (canTransition(from, to)) return { ok: true };
  // Named as staff can move it: Cancelled comes only with a refund, never from the console.
  const allowed = staffMoves(from);
  const next = allowed.length === 0 ? "it is finished" : `it can only move to ${allowed.join(" or ")}`;
  return { ok: false, message: `An item that is ${from} cannot move to ${to}: ${next}.` };
}

/**
 * The moves the production console offers by hand: every transition but Cancelled, which only a
 * cancellation (with its refund) makes, so that nobody cancels an item without giving the money back.
 */
export function staffMoves(from: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[from].filter((to) => to !== "Cancelled");
}

/**
 * Corrections: the backward moves a manager may make to undo a mistaken production move, one step back,
 * with a reason. Only moves inside the print room can be undone; work that has left the building, a
 * cancellation and a rejected artwork (the customer has been asked for a new file) cannot.
 */
export const ORDER_CORRECTIONS: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  Production: ["Print Ready"],
  "Part Printed": ["Production"],
  Printed: ["Part Printed", "Production"],
};

/**
 * May `from` be undone back to `back`: the backward move is in the table and it reverses the forward move
 * the item last made (`lastFrom`, the status it came from), so an undo is exactly one step back.
 */
export function checkCorrection(from: OrderStatus, lastFrom: string | null): { ok: true; to: OrderStatus } | { ok: false; message: string } {
  const allowed = ORDER_CORRECTIONS[from] ?? [];
  if (allowed.length === 0) return { ok: false, message: `An item that is ${from} cannot be moved back.` };
  if (!lastFrom || !isOrderStatus(lastFrom) || !allowed.includes(lastFrom)) {
    return { ok: false, message: `An item that is ${from} can only be moved back to the status it came from (${allowed.join(" or ")}), and its last move was not from there.` };
  }
  return { ok: true, to: lastFrom };
}

/**
 * A cancellation whose refund the payment provider refused is undone: the item goes back to the status it
 * was cancelled from. Only a status a customer may cancel from (`canCancel`) can be one, so the undo is
 * exactly the reverse of the cancel move the transition table allowed, and nothing else leaves Cancelled.
 */
export function checkCancellationUndo(from: OrderStatus, back: string): { ok: true; to: OrderStatus } | { ok: false; message: string } {
  if (from !== "Cancelled") return { ok: false, message: `An item that is ${from} has no cancellation to undo.` };
  if (!isOrderStatus(back) || !canCancel(back)) return { ok: false, message: `A cancellation cannot be undone back to ${back}: an item there cannot be cancelled.` };
  return { ok: true, to: back };
}

/**
 * The moves the customer is told of by email (an artwork rejection, a dispatch). No correction undoes one
 * of these (a test holds the table to it): every move a manager may undo was silent, so its undo is too.
 * A correction added from one of them must email the customer that it was a mistake.
 */
export function customerToldOf(to: OrderStatus): boolean {
  return to === "Awaiting Artwork" || to === "Dispatched" || to === "Shipped";
}

/** May an item in this status still be cancelled (and refunded) by its customer? */
export function canCancel(status: OrderStatus): boolean {
  return canTransition(status, "Cancelled");
}

/** A rejection sends artwork back to the customer; only possible before printing starts to use it. */
export function canRejectArtwork(status: OrderStatus): boolean {
  return canTransition(status, "Awaiting Artwork");
}

export const PROGRESS_STEPS = ["ORDERED", "ARTWORK", "PRODUCTION", "DISPATCHED"] as const;

/**
 * Spec section 4's mapping: Awaiting Artwork → 0; Print Ready, Printed, Production, Part Printed → 2;
 * Shipped, Dispatched → 3; anything else → 0. Steps up to and including the current one are done.
 */
export function progressStep(status: string): 0 | 1 | 2 | 3 {
  switch (status) {
    case "Print Ready":
    case "Printed":
    case "Production":
    case "Part Printed":
      return 2;
    case "Shipped":
    case "Dispatched":
      return 3;
    default:
      return 0;
  }
}

const RANK: Record<OrderStatus, number> = Object.fromEntries(ORDER_STATUSES.map((status, index) => [status, index])) as Record<OrderStatus, number>;

/**
 * An order group is as far along as its least advanced item: one item still awaiting artwork holds the
 * whole order at Awaiting Artwork. Dispatched and Shipped rank alike (both are the end). A cancelled
 * item no longer holds the order back; an order whose every item is cancelled is Cancelled.
 */
export function groupStatus(itemStatuses: readonly OrderStatus[]): OrderStatus {
  if (itemStatuses.length === 0) throw new RangeError("An order group has at least one item");
  const live = itemStatuses.filter((status) => status !== "Cancelled");
  if (live.length === 0) return "Cancelled";
  let least = live[0]!;
  for (const status of live) {
    const rank = status === "Shipped" ? RANK.Dispatched : RANK[status];
    const leastRank = least === "Shipped" ? RANK.Dispatched : RANK[least];
    if (rank < leastRank) least = status;
  }
  return least;
}

/** Payment card of the order detail: 'paid' is shown green, anything else as Pending in yellow. */
export function paymentLabel(paymentStatus: string | null | undefined): { text: string; tone: "paid" | "pending" } {
  return paymentStatus === "paid" ? { text: "paid", tone: "paid" } : { text: "Pending", tone: "pending" };
}
