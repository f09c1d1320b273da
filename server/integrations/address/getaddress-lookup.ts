// getAddress.io (UK) behind the AddressLookup interface: autocomplete for the suggestions, then
// the details of the one the customer picks. The customer's own saved addresses are offered first,
// as with the built-in lookup. The key goes into the request URL only: no error, detail or log
// line made here contains it.
import { z } from "zod";
import { normaliseUkPostcode } from "../../../domain/postcode";
import {
  AddressLookupError,
  MAX_SUGGESTION_ID_LENGTH,
  MAX_SUGGESTIONS,
  type AddressLookup,
  type AddressSuggestion,
  type UkAddress,
} from "./address-lookup";
import { addressMatcher, findKnownAddress, isKnownAddressId, suggestKnownAddresses } from "./address-matching";

export const GETADDRESS_BASE_URL = "https://api.getaddress.io";
const DEFAULT_TIMEOUT_MS = 3_000;

/** Our ids for this provider's addresses, so a route can tell providers apart. */
export const GETADDRESS_ID_PREFIX = "ga:";
/** What the provider's ids look like (base64-style); anything else is never sent to it. */
const PROVIDER_ID = /^[A-Za-z0-9+/=_-]+$/;

export type GetAddressLookupOptions = {
  apiKey: string;
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

const autocompleteAnswer = z.object({
  suggestions: z.array(z.object({ address: z.string(), id: z.string() })),
});

const text = z.string().nullish().transform((value) => (value ?? "").trim());
const detailsAnswer = z.object({
  line_1: text,
  line_2: text,
  line_3: text,
  line_4: text,
  locality: text,
  town_or_city: text,
  county: text,
  postcode: text,
});

export function createGetAddressLookup(options: GetAddressLookupOptions): AddressLookup {
  const apiKey = options.apiKey.trim();
  if (!apiKey) throw new Error("The getAddress.io lookup needs an API key");
  const baseUrl = (options.baseUrl ?? GETADDRESS_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchFn = options.fetch ?? fetch;

  const failed = (detail: string, status: number | null = null) => new AddressLookupError(detail.split(apiKey).join("[key]"), status);

  /** The answer's JSON; NOT_FOUND for a 404 when the caller allows it; AddressLookupError otherwise. */
  async function getJson(path: string, what: string, allowNotFound: boolean): Promise<unknown> {
    const url = `${baseUrl}${path}?api-key=${encodeURIComponent(apiKey)}`;
    try {
      const response = await fetchFn(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
      if (allowNotFound && response.status === 404) {
        await response.body?.cancel();
        return NOT_FOUND;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw failed(`${what}: ${describeStatus(response.status)}`, response.status);
      }
      return await response.json();
    } catch (error) {
      if (error instanceof AddressLookupError) throw error;
      throw failed(`${what}: ${describeFailure(error, timeoutMs)}`);
    }
  }

  return {
    kind: "getaddress",

    async suggest(query, context) {
      const matches = addressMatcher(query);
      if (!matches) return [];
      const own = suggestKnownAddresses(matches, context);
      if (own.length >= MAX_SUGGESTIONS) return own;

      const body = await getJson(`/autocomplete/${encodeURIComponent(query.trim())}`, "autocomplete", false);
      const parsed = autocompleteAnswer.safeParse(body);
      if (!parsed.success) throw failed("autocomplete: unexpected answer");
      const found: AddressSuggestion[] = parsed.data.suggestions
        .filter((suggestion) => PROVIDER_ID.test(suggestion.id))
        .map((suggestion) => ({ id: GETADDRESS_ID_PREFIX + suggestion.id, text: suggestion.address.trim() }))
        .filter((suggestion) => suggestion.id.length <= MAX_SUGGESTION_ID_LENGTH && suggestion.text !== "");
      return [...own, ...found].slice(0, MAX_SUGGESTIONS);
    },

    async resolve(id, context): Promise<UkAddress | null> {
      if (isKnownAddressId(id)) return findKnownAddress(id, context);
      if (!id.startsWith(GETADDRESS_ID_PREFIX) || id.length > MAX_SUGGESTION_ID_LENGTH) return null;
      const providerId = id.slice(GETADDRESS_ID_PREFIX.length);
      if (!PROVIDER_ID.test(providerId)) return null;

      const body = await getJson(`/get/${encodeURIComponent(providerId)}`, "get", true);
      if (body === NOT_FOUND) return null;
      const parsed = detailsAnswer.safeParse(body);
      if (!parsed.success) throw failed("get: unexpected answer");
      return toUkAddress(parsed.data);
    },
  };
}

const NOT_FOUND = Symbol("not found");

/**
 * line_1 is the first address line; lines 2–4 and the locality (a village or district the lines
 * leave out) make the second, because our form has two.
 */
function toUkAddress(answer: z.output<typeof detailsAnswer>): UkAddress {
  const rest = [answer.line_2, answer.line_3, answer.line_4].filter(Boolean);
  const lines = [answer.line_1, ...rest].map((line) => line.toLowerCase());
  if (answer.locality && !lines.includes(answer.locality.toLowerCase()) && answer.locality.toLowerCase() !== answer.town_or_city.toLowerCase()) {
    rest.push(answer.locality);
  }
  return {
    address1: answer.line_1,
    address2: rest.join(", "),
    town: answer.town_or_city,
    county: answer.county,
    postcode: normaliseUkPostcode(answer.postcode) ?? answer.postcode,
    country: "United Kingdom",
  };
}

function describeStatus(status: number): string {
  if (status === 401 || status === 403) return `the provider refused the API key (HTTP ${status})`;
  if (status === 429) return "the provider's request limit is reached (HTTP 429)";
  return `the provider answered HTTP ${status}`;
}

/** Names and codes only: a network error's message may quote the request. */
function describeFailure(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return "request failed";
  if (error.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  if (error.name === "SyntaxError") return "the answer was not JSON";
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^[A-Z_]+$/.test(code) ? `network error (${code})` : `request failed (${error.name})`;
}
