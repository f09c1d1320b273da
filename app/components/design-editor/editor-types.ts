// The editor's shared types and small helpers, apart from the editor so its hook and parts can use them
// without importing one another.
import type { PpiLevel } from "../../../domain/design/ppi";

export type EditorProduct = { id: number; slug: string; name: string; image: string | null; minQty: number; orientation: string; fixedSize: string | null; priceType: string; attributes: { id: number; group: string; name: string }[] };

/** Where "Use this design" takes the design. */
export type EditorTarget =
  | { kind: "basket"; quantity: number; widthMm: number | null; heightMm: number | null; orientation: "Portrait" | "Landscape" | null; attributeIds: number[] }
  | { kind: "order"; orderId: number; versionNumber: number; returnTo: string };

/** Which saved copy the editor writes to: the account's (with its revision) or this browser's. */
export type SavedRef = { kind: "account"; id: number; revision: number } | { kind: "local"; localId: string } | null;

export type Tab = "templates" | "add" | "selected" | "background" | "layers" | "designs";

export type EditorStatus = { text: string; kind: "ok" | "error" };

export type ImageCheck = { id: string; level: Exclude<PpiLevel, "good">; message: string };

export const nextId = (kind: string) => `${kind}-${Math.random().toString(36).slice(2, 8)}`;

/** A new element's position: the middle of the design, unlocked. */
export const centred = { x: { anchor: "centre" as const, offsetMm: 0 }, y: { anchor: "centre" as const, offsetMm: 0 }, locked: false };
