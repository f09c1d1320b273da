// The one content-coding choice every front path makes (prepared answers, the direct route; the compress
// plugin is configured with the same codings). RFC 9110 §12.5.3: each coding's weight is its own q value,
// else the `*` entry's, else 0. The highest positive weight wins, ties going to the server's order (br,
// gzip, identity); identity is the fallback when nothing else is accepted. `gzip, br;q=0` never gets br.
import { COMPRESSED_CODINGS, type CompressedCoding } from "./compression";

export type ContentCoding = CompressedCoding | "identity";

/** The shop's own order, from the one compression configuration; identity last. */
const PREFERENCE: readonly ContentCoding[] = [...COMPRESSED_CODINGS, "identity"];

/** Clients send a handful of distinct Accept-Encoding values: each is parsed once (bounded, for hostile ones). */
const CHOSEN = new Map<string, ContentCoding>();
const MAX_REMEMBERED = 64;

export function chooseEncoding(header: string | string[] | undefined): ContentCoding {
  if (typeof header !== "string") return choose(Array.isArray(header) ? header.join(",") : header);
  let coding = CHOSEN.get(header);
  if (coding === undefined) {
    coding = choose(header);
    if (CHOSEN.size < MAX_REMEMBERED) CHOSEN.set(header, coding);
  }
  return coding;
}

function choose(value: string | undefined): ContentCoding {
  if (value === undefined || value.trim() === "") return "identity";
  const weights = new Map<string, number>();
  for (const part of value.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    if (name === "") continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) {
        const parsed = Number(match[1]);
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  const star = weights.get("*");
  let best: ContentCoding = "identity";
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weights.get(coding) ?? star ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
