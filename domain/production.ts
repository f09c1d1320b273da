// Production planning rules for the staff console: which jobs are at risk of missing their delivery date,
// and the carriers a parcel can go with.
import { addWorkingDays, ukDateParts } from "./delivery";
import type { OrderStatus } from "./order-status";

/** Working days a job still needs, from each status, before it can be handed to the carrier. */
const WORKING_DAYS_TO_DISPATCH: Record<OrderStatus, number> = {
  "Awaiting Artwork": 2,
  "Print Ready": 1,
  Production: 1,
  "Part Printed": 1,
  Printed: 0,
  Dispatched: 0,
  Shipped: 0,
  Cancelled: 0,
};

/** Parcels travel overnight: the last day to dispatch is the working day before the delivery date. */
export function lastDispatchDay(deliveryDate: string): string {
  return addWorkingDays(deliveryDate, -1);
}

export type Urgency = "late" | "at-risk" | "on-time" | "done";

/**
 * Late: the last dispatch day has passed and it is not out of the door. At risk: the work left (in working
 * days, from its status) no longer fits before the last dispatch day. Compared in UK dates.
 */
export function urgency(status: OrderStatus, deliveryDate: string, now: Date): Urgency {
  if (status === "Dispatched" || status === "Shipped" || status === "Cancelled") return "done";
  const today = ukDateParts(now).isoDate;
  const lastDay = lastDispatchDay(deliveryDate);
  if (today > lastDay) return "late";
  const needed = WORKING_DAYS_TO_DISPATCH[status];
  return addWorkingDays(today, needed) > lastDay ? "at-risk" : "on-time";
}

export const CARRIERS = ["Royal Mail", "DPD", "Parcelforce", "UPS", "DHL", "Own van"] as const;

export const TRACKING_NUMBER = /^[A-Za-z0-9 -]{4,40}$/;

/** Each carrier's public tracking page, the number appended; the shop's own van has none. */
const TRACKING_PAGES: Readonly<Record<string, string>> = {
  "Royal Mail": "https://www.royalmail.com/track-your-item#/tracking-results/",
  DPD: "https://www.dpd.co.uk/apps/tracking/?reference=",
  Parcelforce: "https://www.parcelforce.com/track-trace?trackNumber=",
  UPS: "https://www.ups.com/track?tracknum=",
  DHL: "https://www.dhl.com/gb-en/home/tracking.html?tracking-id=",
};

/** The page where a customer follows a parcel, or null for a carrier with no known page (then the number is plain text). */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = Object.hasOwn(TRACKING_PAGES, carrier) ? TRACKING_PAGES[carrier] : undefined;
  const number = trackingNumber.replace(/\s+/g, "");
  if (!page || number === "") return null;
  return page + encodeURIComponent(number);
}

/** A job goes out whole: dispatch is offered, and accepted, only once every item is Printed. */
export function dispatchReadiness(itemStatuses: readonly string[]): { ready: boolean; printed: number; total: number } {
  // A cancelled item is not in the parcel.
  const live = itemStatuses.filter((status) => status !== "Cancelled");
  const printed = live.filter((status) => status === "Printed").length;
  return { ready: live.length > 0 && printed === live.length, printed, total: live.length };
}

/** What the console's buttons say for a move, in the print room's words; the statuses stay the spec's. */
export const PRINT_ROOM_ACTIONS: Partial<Record<OrderStatus, string>> = {
  "Print Ready": "Mark ready to print",
  Production: "Start printing",
  "Part Printed": "Part printed: run the rest",
  Printed: "Printed and finished",
};

/** The status as a printer reads it on the job sheet. */
export const PRINT_ROOM_STATUS: Record<OrderStatus, string> = {
  "Awaiting Artwork": "Waiting for artwork",
  "Print Ready": "Ready to print",
  Production: "On the press",
  "Part Printed": "Part printed",
  Printed: "Printed, ready to pack",
  Dispatched: "Dispatched",
  Shipped: "Shipped",
  Cancelled: "Cancelled: do not print",
};
