// The browser's calls to the shop's own API. A call either answers the body or throws: an
// ApiResponseError (the server said no; its message is fit to show, `errors` maps fields to messages)
// or a NetworkError (the server was not reached).
import { parseRetryAfter, tooManyRequestsMessage } from "../../domain/retry";
import type { ApiAnswer, ApiBody, ApiCall } from "../../server/api/contract";
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

/** The words for a call that could not reach the shop, unless a page has its own. */
export const NETWORK_ERROR = "Network error. Please try again.";

/** What a failed call says to the person: the server's message, or `network` when the server never answered. */
export function errorMessage(error: unknown, network: string = NETWORK_ERROR): string {
  return error instanceof ApiResponseError ? error.message : network;
}

export class NetworkError extends Error {
  constructor(cause: unknown) {
    super("The shop could not be reached", { cause });
    this.name = "NetworkError";
  }
}

type PathParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}` ? Name | PathParamNames<Rest> : Path extends `${string}:${infer Name}` ? Name : never;

/** How to make one call of the contract: its path parameters, query, body and whether to send the token. */
export type CallOptions<Call extends ApiCall> = {
  body?: ApiBody<Call>;
  query?: Record<string, string | number | null | undefined>;
  /** Sends the signed-in customer's bearer token. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Told the answer's headers (a page's next cursor travels in one). */
  onHeaders?: (headers: Headers) => void;
} & ([PathParamNames<Call>] extends [never] ? { params?: undefined } : { params: Record<PathParamNames<Call>, string | number> });

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

/**
 * Makes one call of the API's contract and answers its body, typed by the schema its route declares:
 * `api("GET /api/orders/group/:orderGroupId", { params: { orderGroupId }, auth: true })`.
 */
export function api<Call extends ApiCall>(call: Call, ...[options]: CallOptions<Call> extends { params: object } ? [CallOptions<Call>] : [CallOptions<Call>?]): Promise<ApiAnswer<Call>> {
  const given: CallOptions<Call> = options ?? ({} as CallOptions<Call>);
  const [method, path] = call.split(" ") as [string, string];
  return send<ApiAnswer<Call>>(method, urlOf(path, given.params, given.query), given);
}

/** A contract path with its parameters filled in and its query (empty values left out). */
function urlOf(path: string, params: Record<string, string | number> = {}, query: Record<string, string | number | null | undefined> = {}): string {
  const url = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null && value !== undefined && value !== "") search.set(name, String(value));
  return search.size > 0 ? `${url}?${search}` : url;
}

async function send<T>(method: string, url: string, options: { body?: unknown; auth?: boolean; signal?: AbortSignal; onHeaders?: (headers: Headers) => void }): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.auth) Object.assign(headers, authHeaders());
  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: options.signal });
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    throw new NetworkError(error);
  }
  // The body is read whole before it is parsed: a read that fails (the call aborted by a page that moved on,
  // or the connection dropped mid-answer) is that failure, never an empty answer a page would take for the
  // server's. A body that arrived whole but is not JSON (a proxy's error page) is read by its status below.
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    throw new NetworkError(error);
  }
  const data = parseJsonObject(text) as T & ApiErrorBody;
  if (!response.ok) throw refusal(response.status, data, response.headers.get("retry-after"), options.auth === true);
  options.onHeaders?.(response.headers);
  return data;
}

/** A body's JSON, or an empty object for no body or one that is not JSON. */
function parseJsonObject(text: string): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

/** The error for an answer that is not 2xx, read one way for every call: the server's words, its field errors, Retry-After. */
function refusal(status: number, data: ApiErrorBody, retryAfterHeader: string | null, signedIn: boolean): ApiResponseError {
  if (status === 401 && signedIn) for (const listener of unauthorisedListeners) listener();
  const said = data.error ?? data.message ?? null;
  const retryAfter = parseRetryAfter(retryAfterHeader, new Date());
  const fallback = status === 429 ? tooManyRequestsMessage(retryAfter ?? 60) : `Request failed (${status})`;
  return new ApiResponseError(said ?? fallback, status, data.errors ?? {}, said, retryAfter);
}

export type FormOptions<Call extends ApiCall> = {
  /** Sends the signed-in person's bearer token. */
  auth?: boolean;
  /** The body's bytes sent so far, and their total when the browser knows it. */
  onProgress?: (sent: number, total: number | null) => void;
  /** Turns a refusal into a richer error, from the answer's whole body (a proof's preflight checks). */
  refused?: (error: ApiResponseError, body: Record<string, unknown>) => Error;
} & ([PathParamNames<Call>] extends [never] ? { params?: undefined } : { params: Record<PathParamNames<Call>, string | number> });

/**
 * Posts a multipart form (files) and answers its 2xx body; refusals and unreachable servers throw as `api`
 * does. XMLHttpRequest, not fetch: only its upload events report the real bytes sent, for a progress bar
 * that moves with the file.
 */
export function postForm<Call extends ApiCall>(call: Call, form: FormData, ...[given]: FormOptions<Call> extends { params: object } ? [FormOptions<Call>] : [FormOptions<Call>?]): Promise<ApiAnswer<Call>> {
  const options: FormOptions<Call> = given ?? ({} as FormOptions<Call>);
  const [method, path] = call.split(" ") as [string, string];
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, urlOf(path, options.params));
    if (options.auth) for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader("accept", "application/json");
    const { onProgress } = options;
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : null);
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(xhr.responseText);
        if (parsed !== null && typeof parsed === "object") body = parsed as Record<string, unknown>;
      } catch {
        // not JSON: an empty body, and the refusal's fallback words
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as ApiAnswer<Call>);
      const error = refusal(xhr.status, body as ApiErrorBody, xhr.getResponseHeader("retry-after"), options.auth === true);
      reject(options.refused ? options.refused(error, body) : error);
    };
    xhr.onerror = () => reject(new NetworkError(new Error("the form could not be sent")));
    xhr.send(form);
  });
}

export type CalculatePricePayload = ApiBody<"POST /api/calculatePrice">;

export async function calculatePrice(payload: CalculatePricePayload) {
  const result = await api("POST /api/calculatePrice", { body: payload });
  return { ...result.breakdown, total: result.total };
}

export type ApplyPromoResponse = ApiAnswer<"POST /api/apply-promo">;

/** Sends the token when there is one, so a returning customer hears at once that a new-customer code is not for them. */
export function applyPromo(promoCode: string): Promise<ApplyPromoResponse> {
  return api("POST /api/apply-promo", { body: { promoCode }, auth: true });
}
