// Address lookup at checkout goes through our server so a provider's key never reaches the browser.
// The route talks to this interface; which provider sits behind it is configuration (see index.ts).

export type UkAddress = {
  company?: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  country: "United Kingdom";
};

/** `id` is opaque to the browser and at most MAX_SUGGESTION_ID_LENGTH characters. */
export type AddressSuggestion = { id: string; text: string };

/** The signed-in customer's own saved addresses (empty for guests). */
export type LookupContext = { knownAddresses: UkAddress[] };

export interface AddressLookup {
  readonly kind: "builtin" | "getaddress";
  /** At most MAX_SUGGESTIONS; a query shorter than MIN_QUERY_LENGTH gives []. Throws AddressLookupError. */
  suggest(query: string, context: LookupContext): Promise<AddressSuggestion[]>;
  /** The full address behind a suggestion's id; null when the id is unknown. Throws AddressLookupError. */
  resolve(id: string, context: LookupContext): Promise<UkAddress | null>;
}

export const MAX_SUGGESTIONS = 10;
export const MIN_QUERY_LENGTH = 3;
export const MAX_SUGGESTION_ID_LENGTH = 200;

export const ADDRESS_LOOKUP_UNAVAILABLE = "Address lookup is unavailable right now. Please type your address.";

/**
 * The provider could not be reached or refused the request. The message is safe to show; `detail`
 * (status, timeout, network error code) is for the log. Neither ever contains the provider's key.
 */
export class AddressLookupError extends Error {
  readonly detail: string;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | null;

  constructor(detail: string, status: number | null = null) {
    super(ADDRESS_LOOKUP_UNAVAILABLE);
    this.name = "AddressLookupError";
    this.detail = detail;
    this.status = status;
  }
}
