// The default address lookup, used when no provider key is configured: it suggests from the
// customer's own saved addresses and the shop's sample address book. It never leaves the process.
import { MAX_SUGGESTIONS, type AddressLookup, type AddressSuggestion, type UkAddress } from "./address-lookup";
import { addressMatcher, findKnownAddress, suggestionText, suggestKnownAddresses } from "./address-matching";
import { SAMPLE_ADDRESSES } from "./sample-addresses";

const SAMPLE_ID = /^s:(0|[1-9]\d{0,5})$/;

export function createBuiltinAddressLookup(): AddressLookup {
  return {
    kind: "builtin",

    async suggest(query, context) {
      const matches = addressMatcher(query);
      if (!matches) return [];
      const suggestions: AddressSuggestion[] = suggestKnownAddresses(matches, context);
      const shown = new Set(suggestions.map((suggestion) => suggestion.text.toLowerCase()));
      for (const [index, address] of SAMPLE_ADDRESSES.entries()) {
        if (suggestions.length >= MAX_SUGGESTIONS) break;
        if (!matches(address)) continue;
        const text = suggestionText(address);
        if (shown.has(text.toLowerCase())) continue; // the customer's own copy is already offered
        shown.add(text.toLowerCase());
        suggestions.push({ id: `s:${index}`, text });
      }
      return suggestions;
    },

    async resolve(id, context): Promise<UkAddress | null> {
      const sample = SAMPLE_ID.exec(id);
      if (sample) {
        const address = SAMPLE_ADDRESSES[Number(sample[1])];
        return address ? { ...address } : null;
      }
      return findKnownAddress(id, context);
    },
  };
}
