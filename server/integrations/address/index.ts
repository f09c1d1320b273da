// Picks the address lookup from configuration: getAddress.io when a key is set, the built-in
// lookup (the customer's own addresses and the sample address book) otherwise.
import type { AddressLookup } from "./address-lookup";
import { createBuiltinAddressLookup } from "./builtin-address-lookup";
import { createGetAddressLookup } from "./getaddress-lookup";

export type AddressLookupOptions = { apiKey?: string; baseUrl?: string };

export function createAddressLookup(options: AddressLookupOptions): AddressLookup {
  const apiKey = options.apiKey?.trim();
  return apiKey ? createGetAddressLookup({ apiKey, baseUrl: options.baseUrl }) : createBuiltinAddressLookup();
}

export {
  ADDRESS_LOOKUP_UNAVAILABLE,
  AddressLookupError,
  MAX_SUGGESTION_ID_LENGTH,
  MAX_SUGGESTIONS,
  MIN_QUERY_LENGTH,
  type AddressLookup,
  type AddressSuggestion,
  type LookupContext,
  type UkAddress,
} from "./address-lookup";
export { createBuiltinAddressLookup } from "./builtin-address-lookup";
export { createGetAddressLookup, GETADDRESS_BASE_URL, GETADDRESS_ID_PREFIX, type GetAddressLookupOptions } from "./getaddress-lookup";
