// The design service (docs/decisions/027-design-service-money-and-dates.md): a brief, numbered proofs, amends and sign-off. The job's states
// and the moves between them, the due dates by the shop's working days, the brief's form (one schema for
// the browser and the server), what a designer's proof must be, the reprint with new artwork after a claim,
// and the words customers and designers read. The fee itself is part of the line's price (pricing.ts); the
// brief's form schema is in design-brief.ts (zod stays out of the pages that only need these words).
import { addWorkingDays, deliveryDate, dispatchDate, formatDeliveryDate, ukDateParts } from "./delivery";
import { formatPence, rational, roundHalfUp } from "./money";
import type { Brief } from "./design-brief";
import { BRIEF_LIMITS } from "./design-limits";
import type { PreflightResult } from "./preflight";
import { DESIGN_FEE_PENCE } from "./pricing";

/** Working days from a sent brief to the first proof, and from asked-for amends to the next proof. */
export const FIRST_PROOF_WORKING_DAYS = 3;
export const AMENDS_WORKING_DAYS = 2;

/**
 * - `brief`: the shop waits for the customer's brief (a draft may be saved and finished later);
 * - `designing`: the desk owes a proof (the first, or the next after amends), by `proofDue`;
 * - `proof_sent`: the customer owes an answer: amends or approval;
 * - `approved`: signed off; the approved proof is the item's print artwork.
 */
export const DESIGN_STATES = ["brief", "designing", "proof_sent", "approved"] as const;
export type DesignState = (typeof DESIGN_STATES)[number];

export const DESIGN_TRANSITIONS: Record<DesignState, readonly DesignState[]> = {
  brief: ["designing"],
  designing: ["proof_sent"],
  proof_sent: ["designing", "approved"],
  approved: [],
};

export function canMoveDesign(from: DesignState, to: DesignState): boolean {
  return DESIGN_TRANSITIONS[from].includes(to);
}

/** What each state means, as the customer's order page and the desk say it. */
export const DESIGN_STATE_LABELS: Record<DesignState, { customer: string; desk: string }> = {
  brief: { customer: "Waiting for your brief", desk: "Waiting for the brief" },
  designing: { customer: "Our designer is working on your proof", desk: "Proof to make" },
  proof_sent: { customer: "Your proof is ready to check", desk: "With the customer" },
  approved: { customer: "Design approved", desk: "Approved" },
};

/**
 * A proof is due `workingDays` working days after the day the request counts from: the day it arrives
 * when that is a working day before the 18:00 cut-off, otherwise the next working day (the shop's
 * dispatch-day rule, docs/decisions/009-uk-time-and-delivery-dates.md). A brief sent on Friday evening counts from Monday.
 */
export function designDueDate(sentAt: Date, workingDays: number): string {
  return addWorkingDays(dispatchDate(sentAt), workingDays);
}

export const firstProofDue = (briefSentAt: Date) => designDueDate(briefSentAt, FIRST_PROOF_WORKING_DAYS);
export const amendsDue = (amendsAskedAt: Date) => designDueDate(amendsAskedAt, AMENDS_WORKING_DAYS);

export type DueStatus = "late" | "due-today" | "on-time";

/** Late once the due day has passed (UK dates). */
export function dueStatus(dueDate: string, now: Date): DueStatus {
  const today = ukDateParts(now).isoDate;
  if (today > dueDate) return "late";
  return today === dueDate ? "due-today" : "on-time";
}

/** A designed item is delivered its turnaround's working days from the day its final proof is approved. */
export function deliveryFromApproval(approvedAt: Date, turnaroundDays: number): string {
  return deliveryDate(approvedAt, turnaroundDays);
}

/** The delivery date promised at payment for a designed item: as if the first proof is approved the day it is due. */
export function provisionalDesignDelivery(paidAt: Date, turnaroundDays: number): string {
  return addWorkingDays(deliveryDate(paidAt, turnaroundDays), FIRST_PROOF_WORKING_DAYS);
}

/** The most designs one item may have made by the design service (every proof carries one file per design). */
export const MAX_DESIGNS_PER_ITEM = 20;

export { BRIEF_LIMITS };



export const DESIGN_MESSAGES = {
  wordingRequired: "Please give the wording, exactly as it should read.",
  quantities: (designs: number, quantity: number) => `Please split the ${quantity} items between your ${designs} designs: the quantities must add up to ${quantity}.`,
  notDesigned: "We are not designing this item: upload your artwork instead.",
  uploadNotNeeded: "We are designing this item for you: send us your brief instead of artwork.",
  briefAlreadySent: "Your brief has already been sent to our designers.",
  cancelled: "This item has been cancelled.",
  notTaken: "Take this brief before sending a proof.",
  takenBy: (name: string) => `${name} has already taken this brief.`,
  notDesigning: (state: DesignState) => `A proof can be sent only while the desk owes one; this design is: ${DESIGN_STATE_LABELS[state].desk.toLowerCase()}.`,
  noProof: "There is no proof to answer yet.",
  notLatest: (latest: number) => `A newer proof has arrived: please look at version ${latest}.`,
  alreadyApproved: "This design has already been approved.",
  commentsRequired: "Tell the designer what to change.",
  tooManyFiles: `At most ${BRIEF_LIMITS.files} files can be sent at a time.`,
  fileKind: (detected: string | null) => `We cannot open ${detected ? `a ${detected} file` : "this file"}: please send a JPG, PNG, TIFF, WebP or PDF.`,
  fileSent: "This file has already been sent to the designer, so it cannot be removed.",
  proofFile: (design: number) => `Attach the proof of design ${design}.`,
  notApprovedYet: "This item is waiting for the customer to approve its design: it moves to Print Ready when they do.",
  tooManyDesigns: `The design service makes at most ${MAX_DESIGNS_PER_ITEM} designs for one item: order more as another item.`,
  rejectDesigned: "This item's artwork is the design the customer approved: ask the designer for a new proof instead of rejecting it.",
} as const;

/** Why a brief cannot be sent yet, or null when it can. */
export function briefProblem(brief: Brief, item: { quantity: number; designs: number }): string | null {
  if (brief.wording.trim() === "") return DESIGN_MESSAGES.wordingRequired;
  if (item.designs > 1) {
    const sum = brief.quantities.reduce((total, n) => total + n, 0);
    if (brief.quantities.length !== item.designs || sum !== item.quantity) return DESIGN_MESSAGES.quantities(item.designs, item.quantity);
  }
  return null;
}

/** How many of the item each design prints: the brief's split for several designs, else the whole quantity. */
export function designQuantities(item: { quantity: number; designs: number }, quantities: readonly number[]): number[] {
  if (item.designs <= 1) return [item.quantity];
  return Array.from({ length: item.designs }, (_, index) => quantities[index] ?? 0);
}

/** "Design it for me (£6 + VAT per design)": the choice on the product page and the basket line. */
export const DESIGN_CHOICE_LABEL = `Design it for me (${formatPence(DESIGN_FEE_PENCE).replace(/\.00$/, "")} + VAT per design)`;
export const UPLOAD_CHOICE_LABEL = "I'll upload my own artwork";
/** The design service's name on the basket, checkout, invoice and reports. */
export const DESIGN_SERVICE_NAME = "Design service";

/** "1 design × £6.00" / "3 designs × £6.00". */
export function designFeeDetail(designs: number): string {
  return `${designs} ${designs === 1 ? "design" : "designs"} × ${formatPence(DESIGN_FEE_PENCE)}`;
}

/**
 * A designer's proof must be the ordered size: anything the preflight fails, and a proof of another shape
 * or turned the wrong way (a warning for a customer's own file), is refused before the customer sees it.
 */
export function proofRefusal(preflight: { verdict: PreflightResult["verdict"]; checks: readonly { code: string; level: "warn" | "fail"; message: string }[] }): string | null {
  const wrong = preflight.checks.find((check) => check.level === "fail") ?? preflight.checks.find((check) => check.code === "proportions" || check.code === "orientation");
  return wrong ? `This proof cannot go to the customer: ${wrong.message}` : null;
}

/** What the customer is asked before approving: what they approve, and what happens then. */
export function approvalQuestion(job: { productName: string; version: number; designs: number; deliveryIfApprovedToday: string }): string {
  const what = job.designs === 1 ? "this design" : `these ${job.designs} designs`;
  return `Approve proof version ${job.version} of your ${job.productName}? We will print ${what} exactly as shown, and production starts now: delivery by ${formatDeliveryDate(job.deliveryIfApprovedToday)}. You cannot ask for amends after approving.`;
}

/** The reprint with new artwork after a damage claim costs 50% of the item's price (the print, before any promotion). */
export const REDESIGN_PERCENT = 50;

export function redesignChargePence(itemPrintPence: number): number {
  if (!Number.isSafeInteger(itemPrintPence) || itemPrintPence < 0) throw new RangeError(`An item's price must be whole pence, got ${itemPrintPence}`);
  return roundHalfUp(rational(BigInt(itemPrintPence) * BigInt(REDESIGN_PERCENT), 100n));
}

/** The payment link's lifetime: a customer may pay for the reprint with new artwork within this many days. */
export const REDESIGN_LINK_DAYS = 14;
