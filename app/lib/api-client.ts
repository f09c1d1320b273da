// The browser's calls to the shop's own API. A call either answers the body or throws: an
// ApiResponseError (the server said no; its message is fit to show, `errors` maps fields to messages)
// or a NetworkError (the server was not reached).
import { parseRetryAfter, tooManyRequestsMessage } from "../../domain/retry";
import { tokenStore } from "./auth";

type ApiErrorBody = { error?: string; message?: string; errors?: Record<string, string> };

export class ApiResponseError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
    /** The server's own words, when it gave any; pages fall back to the spec's text otherwise. */
    readonly serverMessage: string | null = null,
    /** From Retry-After on a 429 or 503: how long the server asked us to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "ApiResponseError";
  }
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("The shop could not be reached", { cause });
    this.name = "NetworkError";
  }
}

export type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Sends the signed-in customer's bearer token. */
  auth?: boolean;
  signal?: AbortSignal;
};

/** Listeners told when the server refuses our token (expired or revoked elsewhere). */
const unauthorisedListeners = new Set<() => void>();
export function onUnauthorised(listener: () => void): () => void {
  unauthorisedListeners.add(listener);
  return () => unauthorisedListeners.delete(listener);
}

export function authHeaders(): Record<string, string> {
  const token = tokenStore.get();
  return token ? { authorization: `Bearer ${token}` } : {};
}

export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.auth) Object.assign(headers, authHeaders());
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    throw new NetworkError(error);
  }
  const data = (await response.json().catch(() => ({}))) as T & ApiErrorBody;
  if (!response.ok) {
    if (response.status === 401 && options.auth) for (const listener of unauthorisedListeners) listener();
    const said = data.error ?? data.message ?? null;
    const retryAfter = parseRetryAfter(response.headers.get("retry-after"), new Date());
    const fallback = response.status === 429 ? tooManyRequestsMessage(retryAfter ?? 60) : `Request failed (${response.status})`;
    throw new ApiResponseError(said ?? fallback, response.status, data.errors ?? {}, said, retryAfter);
  }
  return data;
}

function postJson<T>(url: string, body: unknown): Promise<T> {
  return apiRequest<T>(url, { method: "POST", body });
}

export type CalculatePricePayload = {
  productId: number;
  customWidth?: number;
  customHeight?: number;
  selectedQuantity?: number;
  attributes: { group: string; subattribute_id: number; subattribute_name: string }[];
};

type CalculatePriceResponse = {
  total: number;
  breakdown: { linePence: number; unitPence: number; undiscountedLinePence: number; tierPercent: number; attributeIds: number[] };
};

export async function calculatePrice(payload: CalculatePricePayload) {
  const result = await postJson<CalculatePriceResponse>("/api/calculatePrice", payload);
  return { ...result.breakdown, total: result.total };
}

export type ApplyPromoResponse = { success: boolean; discount: number; message: string };

/** Sends the token when there is one, so a returning customer hears at once that a new-customer code is not for them. */
export function applyPromo(promoCode: string): Promise<ApplyPromoResponse> {
  return apiRequest<ApplyPromoResponse>("/api/apply-promo", { method: "POST", body: { promoCode }, auth: true });
}
