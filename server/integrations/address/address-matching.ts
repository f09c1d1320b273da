// Matching a search box query against addresses we hold, and the ids of the customer's own saved
// addresses. Both providers offer the customer's own addresses first, so this is shared.
import { createHash } from "node:crypto";
import { compactPostcode, looksLikePostcodeStart } from "../../../domain/postcode";
import { MAX_SUGGESTIONS, MIN_QUERY_LENGTH, type AddressSuggestion, type LookupContext, type UkAddress } from "./address-lookup";

/** "Unit 4, Riverside Trade Park, 12 Wharf Road, London E15 2SU". */
export function suggestionText(address: UkAddress): string {
  const townAndPostcode = [address.town, address.postcode].map((part) => part.trim()).filter(Boolean).join(" ");
  return [address.company ?? "", address.address1, address.address2, townAndPostcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/**
 * A test for the query, or null when the query is too short to search with. A postcode-like query
 * ("e152", "SW1A 1") matches postcodes by prefix, ignoring the space; any other query matches when
 * every one of its words appears somewhere in the address (case-insensitive).
 */
export function addressMatcher(query: string): ((address: UkAddress) => boolean) | null {
  const trimmed = query.trim();
  if (trimmed.length < MIN_QUERY_LENGTH) return null;
  if (looksLikePostcodeStart(trimmed)) {
    const prefix = compactPostcode(trimmed);
    return (address) => compactPostcode(address.postcode).startsWith(prefix);
  }
  const words = trimmed.toLowerCase().split(/[\s,]+/).filter(Boolean);
  return (address) => {
    const haystack = `${suggestionText(address)} ${address.county}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  };
}

const KNOWN_PREFIX = "k:";

/** "k:" and a hash of the address, so the same address gets the same id on every request. */
export function knownAddressId(address: UkAddress): string {
  const fields = [address.company ?? "", address.address1, address.address2, address.town, address.county, compactPostcode(address.postcode)];
  const digest = createHash("sha256").update(JSON.stringify(fields.map((field) => field.trim()))).digest("base64url");
  return KNOWN_PREFIX + digest.slice(0, 32);
}

export function isKnownAddressId(id: string): boolean {
  return id.startsWith(KNOWN_PREFIX);
}

/** Looks only in the context it is given, so one customer's id never opens another customer's address. */
export function findKnownAddress(id: string, context: LookupContext): UkAddress | null {
  if (!isKnownAddressId(id)) return null;
  const found = context.knownAddresses.find((address) => knownAddressId(address) === id);
  return found ? { ...found, country: "United Kingdom" } : null;
}

/** The customer's own addresses that match, duplicates removed, at most MAX_SUGGESTIONS. */
export function suggestKnownAddresses(matches: (address: UkAddress) => boolean, context: LookupContext): AddressSuggestion[] {
  const seen = new Set<string>();
  const suggestions: AddressSuggestion[] = [];
  for (const address of context.knownAddresses) {
    if (suggestions.length >= MAX_SUGGESTIONS) break;
    if (!matches(address)) continue;
    const id = knownAddressId(address);
    if (seen.has(id)) continue;
    seen.add(id);
    suggestions.push({ id, text: suggestionText(address) });
  }
  return suggestions;
}
