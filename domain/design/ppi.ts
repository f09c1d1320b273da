// The live resolution of an image as placed: its pixels over the printed size it is drawn at, judged by
// the same thresholds and message as an uploaded file's preflight (domain/preflight.ts).
import { MM_PER_INCH, PREFLIGHT_LIMITS, roundedPpi } from "../preflight";
import { placeImage } from "./render-plan";
import type { Box } from "./geometry";

/** Effective ppi of an image of widthPx × heightPx drawn into `box` with this fit. */
export function placedPpi(widthPx: number, heightPx: number, box: Box, fit: "contain" | "cover"): number {
  const placed = placeImage(box, widthPx, heightPx, fit);
  return Math.min(widthPx / (placed.w / MM_PER_INCH), heightPx / (placed.h / MM_PER_INCH));
}

export type PpiLevel = "good" | "warn" | "low";

export function ppiLevel(ppi: number): PpiLevel {
  const judged = roundedPpi(ppi);
  if (judged < PREFLIGHT_LIMITS.failBelowPpi) return "low";
  if (judged < PREFLIGHT_LIMITS.warnBelowPpi) return "warn";
  return "good";
}

/** The editor's note for an image below the shop's threshold, or null when it is sharp enough. */
export function ppiWarning(ppi: number): string | null {
  const judged = roundedPpi(ppi);
  if (judged >= PREFLIGHT_LIMITS.warnBelowPpi) return null;
  if (judged < PREFLIGHT_LIMITS.failBelowPpi) {
    return `This image is ${judged} ppi at this size: it will print blurred. Make it smaller or use a larger image (${PREFLIGHT_LIMITS.idealPpi} ppi is ideal, ${PREFLIGHT_LIMITS.warnBelowPpi} the least we recommend).`;
  }
  return `This image is ${judged} ppi at this size: it may print soft. ${PREFLIGHT_LIMITS.warnBelowPpi} ppi or more prints sharp.`;
}
