// Test helper, never used by the app: a node:http stand-in for the few Stripe endpoints the shop calls
// (create, retrieve and expire a Checkout Session; refund its payment), answering in Stripe's JSON shapes so that the real SDK
// can be pointed at it (apiBaseUrl / STRIPE_API_URL). It checks the key, honours Idempotency-Key the way
// Stripe does, keeps sessions in memory, and lets a test play the customer's part (complete, expire).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type net from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_fakePrintShop00000000000000";

export type FakeStripeRequest = {
  method: string;
  /** Without the query string. */
  path: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The form fields exactly as sent (the query's, for a GET), e.g. { "line_items[0][quantity]": "1" }. */
  form: Record<string, string>;
  idempotencyKey: string | null;
  /** What the fake answered. */
  status: number;
};

/** The Checkout Session fields this fake keeps, named and shaped as in Stripe's API. */
export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: { email: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  url: string | null;
};

export type FakeStripeEvent = {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: FakeCheckoutSession };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  created: number;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
};

export type FakeStripeServer = {
  /** e.g. http://127.0.0.1:41234, for apiBaseUrl. */
  readonly url: string;
  readonly secretKey: string;
  /** Every request, oldest first. */
  readonly requests: FakeStripeRequest[];
  /** A copy of the stored session; null for an unknown id. */
  session(sessionId: string): FakeCheckoutSession | null;
  /** The customer paid (with a Visa ending 4242 unless told): status complete, payment_status paid. Throws unless the session is open. */
  complete(sessionId: string, card?: { brand: string; last4: string }): FakeCheckoutSession;
  /** The page timed out: status expired. Throws unless the session is open. */
  expire(sessionId: string): FakeCheckoutSession;
  /** A Stripe event about the session as it is now, e.g. for a signed webhook body. */
  event(type: string, sessionId: string): FakeStripeEvent;
  /** The refunds made on a session's payment, oldest first. */
  refunds(sessionId: string): FakeRefund[];
  /** Does the next request to `path`, then drops the connection before answering (the answer is lost on the way back). */
  loseNextAnswer(path: string): void;
  /** Answers the next `times` requests (to `path`, when given) with this status and Stripe's api_error body (an outage). */
  failNext(status: number, times?: number, path?: string): void;
  close(): Promise<void>;
};

type Params = { [key: string]: string | Params };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };
type StripeErrorBody = { type: string; message: string; code?: string; param?: string; doc_url?: string };
type StoredAnswer = { method: string; path: string; fingerprint: string; answer: Answer };

const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
const CREATE_PARAMS = new Set(["mode", "line_items", "client_reference_id", "customer_email", "success_url", "cancel_url", "metadata", "expires_at"]);
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomId(prefix: string, length: number): string {
  return prefix + Array.from(randomBytes(length), (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join("");
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function stripeError(status: number, error: StripeErrorBody): Answer {
  return { status, body: { error } };
}

const invalid = (message: string, param?: string, code?: string) =>
  stripeError(400, { type: "invalid_request_error", message, ...(code ? { code } : {}), ...(param ? { param } : {}) });

const missing = (param: string) => invalid(`Missing required param: ${param}.`, param, "parameter_missing");

/** `a[b][0][c]=1` → { a: { b: { "0": { c: "1" } } } }, as Stripe reads the SDK's form encoding. */
function nest(form: Record<string, string>): Params | null {
  const root: Params = {};
  for (const [key, value] of Object.entries(form)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) return null;
    const path = [match[1]!, ...Array.from(match[2]!.matchAll(/\[([^[\]]*)\]/g), (m) => m[1]!)];
    let node = root;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment] ?? {};
      if (typeof next === "string") return null;
      node[segment] = next;
      node = next;
    }
    if (typeof node[path.at(-1)!] === "object") return null;
    node[path.at(-1)!] = value;
  }
  return root;
}

function wholeNumber(value: string | Params | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export async function startFakeStripeServer(options: { secretKey?: string } = {}): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? FAKE_STRIPE_SECRET_KEY;
  const sessions = new Map<string, FakeCheckoutSession>();
  const idempotent = new Map<string, StoredAnswer>();
  const requests: FakeStripeRequest[] = [];
  const failures: { status: number; path: string | null }[] = [];
  let loseNext: string | null = null;
  let baseUrl = "";

  function current(sessionId: string): FakeCheckoutSession | undefined {
    const session = sessions.get(sessionId);
    // Stripe expires an open session once its expires_at has passed.
    if (session && session.status === "open" && session.expires_at <= nowSeconds()) {
      session.status = "expired";
      session.url = null;
    }
    return session;
  }

  function createSession(form: Record<string, string>): Answer {
    const params = nest(form);
    if (!params) return invalid("Invalid form encoding.");
    for (const key of Object.keys(params)) {
      if (!CREATE_PARAMS.has(key)) return invalid(`Received unknown parameter: ${key}`, key, "parameter_unknown");
    }
    if (params.mode === undefined) return missing("mode");
    if (params.mode !== "payment") return invalid("This fake implements mode=payment only.", "mode", "parameter_invalid");
    if (typeof params.success_url !== "string") return missing("success_url");
    for (const key of ["cancel_url", "client_reference_id", "customer_email"] as const) {
      if (params[key] !== undefined && typeof params[key] !== "string") return invalid(`Invalid string: ${key}`, key, "parameter_invalid_string");
    }
    const items = params.line_items;
    if (items === undefined) return missing("line_items");
    if (typeof items === "string") return invalid("Invalid array", "line_items", "parameter_invalid_array");

    let totalPence = 0;
    let currency: string | null = null;
    const indexes = Object.keys(items).sort((a, b) => Number(a) - Number(b));
    for (const [position, index] of indexes.entries()) {
      const at = `line_items[${index}]`;
      const item = items[index];
      if (String(position) !== index || typeof item !== "object") return invalid("Invalid array", "line_items", "parameter_invalid_array");
      const priceData = item.price_data;
      if (typeof priceData !== "object") return missing(`${at}[price_data]`);
      if (typeof priceData.currency !== "string") return missing(`${at}[price_data][currency]`);
      const unitAmount = wholeNumber(priceData.unit_amount);
      if (priceData.unit_amount === undefined) return missing(`${at}[price_data][unit_amount]`);
      if (unitAmount === null) return invalid("Invalid integer", `${at}[price_data][unit_amount]`, "parameter_invalid_integer");
      const product = priceData.product_data;
      if (typeof product !== "object" || typeof product.name !== "string") return missing(`${at}[price_data][product_data][name]`);
      if (product.name === "") return invalid("You passed an empty string for a required name.", `${at}[price_data][product_data][name]`, "parameter_invalid_empty");
      if (product.description === "") return invalid("You passed an empty string for description.", `${at}[price_data][product_data][description]`, "parameter_invalid_empty");
      if (item.quantity === undefined) return missing(`${at}[quantity]`);
      const quantity = wholeNumber(item.quantity);
      if (quantity === null || quantity < 1) return invalid("Invalid integer", `${at}[quantity]`, "parameter_invalid_integer");
      if (currency !== null && priceData.currency !== currency) return invalid("All line items must be in the same currency.", `${at}[price_data][currency]`);
      currency = priceData.currency;
      totalPence += unitAmount * quantity;
    }
    if (currency === null) return missing("line_items");

    const created = nowSeconds();
    let expiresAt = created + MAX_EXPIRY_SECONDS;
    if (params.expires_at !== undefined) {
      const requested = wholeNumber(params.expires_at);
      if (requested === null) return invalid("Invalid integer", "expires_at", "parameter_invalid_integer");
      if (requested < created + MIN_EXPIRY_SECONDS) return invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
      if (requested > created + MAX_EXPIRY_SECONDS) return invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");
      expiresAt = requested;
    }
    const metadata: Record<string, string> = {};
    if (params.metadata !== undefined) {
      if (typeof params.metadata !== "object") return invalid("Invalid object", "metadata", "parameter_invalid_object");
      for (const [key, value] of Object.entries(params.metadata)) {
        if (typeof value !== "string") return invalid("Invalid string", `metadata[${key}]`, "parameter_invalid_string");
        metadata[key] = value;
      }
    }

    const id = randomId("cs_test_a1", 56);
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: totalPence,
      amount_total: totalPence,
      cancel_url: (params.cancel_url as string | undefined) ?? null,
      client_reference_id: (params.client_reference_id as string | undefined) ?? null,
      created,
      currency,
      customer: null,
      customer_details: null,
      customer_email: (params.customer_email as string | undefined) ?? null,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode: "payment",
      payment_intent: null,
      payment_method_types: ["card"],
      payment_status: "unpaid",
      status: "open",
      success_url: params.success_url,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `${baseUrl}/c/pay/${id}`,
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  const noSuchSession = (sessionId: string) =>
    stripeError(404, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such checkout.session: '${sessionId}'`,
      doc_url: "https://stripe.com/docs/error-codes/resource-missing",
    });

  /** The card each paid session's payment intent was paid with. */
  const cards = new Map<string, { brand: string; last4: string }>();

  /** `expand[]=payment_intent.payment_method`, as Stripe answers it: the intent and its card inline. */
  function withExpansions(session: FakeCheckoutSession, form: Record<string, string>): unknown {
    const expand = Object.entries(form).filter(([key]) => key.startsWith("expand")).map(([, value]) => value);
    if (!expand.includes("payment_intent.payment_method") || !session.payment_intent) return session;
    const card = cards.get(session.payment_intent) ?? null;
    return {
      ...session,
      payment_intent: {
        id: session.payment_intent,
        object: "payment_intent",
        amount: session.amount_total,
        currency: session.currency,
        status: "succeeded",
        payment_method: card ? { id: randomId("pm_", 24), object: "payment_method", type: "card", card: { brand: card.brand, last4: card.last4 } } : null,
      },
    };
  }

  /** Refunds made, by payment intent, as Stripe keeps them. */
  const refundsByIntent = new Map<string, FakeRefund[]>();

  function createRefund(form: Record<string, string>): Answer {
    const params = nest(form);
    if (!params) return invalid("Invalid form encoding.");
    for (const key of Object.keys(params)) {
      if (!["payment_intent", "charge", "amount", "reason", "metadata"].includes(key)) return invalid(`Received unknown parameter: ${key}`, key, "parameter_unknown");
    }
    if (typeof params.payment_intent !== "string") return missing("payment_intent");
    const session = [...sessions.values()].find((s) => s.payment_intent === params.payment_intent);
    if (!session) return stripeError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${params.payment_intent}'`, param: "payment_intent" });
    const already = (refundsByIntent.get(session.payment_intent!) ?? []).reduce((sum, r) => sum + r.amount, 0);
    const left = session.amount_total - already;
    let amount = left;
    if (params.amount !== undefined) {
      const asked = wholeNumber(params.amount);
      if (asked === null || asked < 1) return invalid("Invalid positive integer", "amount", "parameter_invalid_integer");
      amount = asked;
    }
    if (left === 0) return invalid(`Charge for payment intent ${session.payment_intent} has already been refunded.`, undefined, "charge_already_refunded");
    if (amount > left) {
      return invalid(`Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`, "amount", "amount_too_large");
    }
    if (params.reason !== undefined && !["duplicate", "fraudulent", "requested_by_customer"].includes(String(params.reason))) return invalid("Invalid reason", "reason", "parameter_invalid_string");
    const metadata: Record<string, string> = {};
    if (typeof params.metadata === "object") for (const [key, value] of Object.entries(params.metadata)) if (typeof value === "string") metadata[key] = value;
    const refund: FakeRefund = {
      id: randomId("re_", 24),
      object: "refund",
      amount,
      currency: session.currency,
      created: nowSeconds(),
      metadata,
      payment_intent: session.payment_intent!,
      reason: (params.reason as string | undefined) ?? null,
      status: "succeeded",
    };
    refundsByIntent.set(session.payment_intent!, [...(refundsByIntent.get(session.payment_intent!) ?? []), refund]);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, form: Record<string, string>): Answer {
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form);
    if (method === "POST" && path === "/v1/refunds") return createRefund(form);
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (match) {
      const sessionId = decodeURIComponent(match[1]!);
      const session = current(sessionId);
      if (method === "GET" && !match[2]) return session ? { status: 200, body: withExpansions(session, form) } : noSuchSession(sessionId);
      if (method === "POST" && match[2]) {
        if (!session) return noSuchSession(sessionId);
        if (session.status !== "open") {
          return invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`);
        }
        session.status = "expired";
        session.url = null;
        return { status: 200, body: session };
      }
    }
    return stripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function answer(method: string, path: string, headers: http.IncomingHttpHeaders, form: Record<string, string>, idempotencyKey: string | null): Answer {
    const at = failures.findIndex((f) => f.path === null || f.path === path);
    const failure = at === -1 ? undefined : failures.splice(at, 1)[0]!.status;
    if (failure !== undefined) return stripeError(failure, { type: "api_error", message: "The fake Stripe server was told to fail this request." });

    const authorization = headers.authorization ?? "";
    if (!authorization.startsWith("Bearer ")) {
      return stripeError(401, { type: "invalid_request_error", message: "You did not provide an API key. Send it in the Authorization header as Bearer auth." });
    }
    const key = authorization.slice("Bearer ".length);
    if (key !== secretKey) {
      const masked = key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : "*".repeat(key.length);
      return stripeError(401, { type: "invalid_request_error", message: `Invalid API Key provided: ${masked}` });
    }

    if (method !== "POST" || idempotencyKey === null) return route(method, path, form);
    // Stripe stores the first answer to a key and replays it; the same key with other parameters is an error.
    const fingerprint = JSON.stringify(Object.entries(form).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const stored = idempotent.get(idempotencyKey);
    if (stored) {
      if (stored.method !== method || stored.path !== path) {
        return stripeError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used for the endpoint they were first used for ('${stored.path}' vs '${path}'). Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      if (stored.fingerprint !== fingerprint) {
        return stripeError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        });
      }
      return { ...stored.answer, headers: { "idempotent-replayed": "true" } };
    }
    const result = route(method, path, form);
    // Parameters that failed validation leave no stored result, as at Stripe.
    if (result.status < 400) idempotent.set(idempotencyKey, { method, path, fingerprint, answer: { status: result.status, body: structuredClone(result.body) } });
    return result;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const method = req.method ?? "GET";
      const source = method === "GET" ? url.searchParams : new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const form = Object.fromEntries(source);
      const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      const result = answer(method, url.pathname, req.headers, form, idempotencyKey);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : (value ?? "")]));
      requests.push({ method, path: url.pathname, headers, form, idempotencyKey, status: result.status });
      if (loseNext === url.pathname) {
        loseNext = null;
        res.socket?.destroy();
        return;
      }
      res.writeHead(result.status, { "content-type": "application/json", "request-id": randomId("req_", 14), ...result.headers });
      res.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;

  function requireOpen(sessionId: string): FakeCheckoutSession {
    const session = current(sessionId);
    if (!session) throw new Error(`The fake Stripe server has no session ${sessionId}`);
    if (session.status !== "open") throw new Error(`Session ${sessionId} is ${session.status}, not open`);
    return session;
  }

  return {
    url: baseUrl,
    secretKey,
    requests,

    session(sessionId) {
      const session = current(sessionId);
      return session ? structuredClone(session) : null;
    },

    complete(sessionId, card = { brand: "visa", last4: "4242" }) {
      const session = requireOpen(sessionId);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = randomId("pi_test_", 24);
      cards.set(session.payment_intent, card);
      session.customer_details = { email: session.customer_email };
      session.url = null;
      return structuredClone(session);
    },

    expire(sessionId) {
      const session = requireOpen(sessionId);
      session.status = "expired";
      session.url = null;
      return structuredClone(session);
    },

    event(type, sessionId) {
      const session = current(sessionId);
      if (!session) throw new Error(`The fake Stripe server has no session ${sessionId}`);
      return {
        id: randomId("evt_test_", 24),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        data: { object: structuredClone(session) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },

    refunds(sessionId) {
      const intent = current(sessionId)?.payment_intent;
      return intent ? structuredClone(refundsByIntent.get(intent) ?? []) : [];
    },

    loseNextAnswer(path) {
      loseNext = path;
    },

    failNext(status, times = 1, path) {
      for (let i = 0; i < times; i++) failures.push({ status, path: path ?? null });
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
