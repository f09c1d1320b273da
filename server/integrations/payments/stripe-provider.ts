// Stripe Checkout behind the PaymentProvider interface, through the official SDK: one hosted payment page
// per checkout, built from our own exact line items (price_data, never Stripe catalogue prices), so the
// amount Stripe charges is the one our totals rules computed. Errors become PaymentProviderError with
// the key scrubbed out; webhooks are verified over the raw bytes by the SDK.
import { createRequire } from "node:module";
import type Stripe from "stripe";
import {
  lineItemsTotalPence,
  PaymentProviderError,
  WebhookSignatureError,
  type CreateCheckoutInput,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderSession,
} from "./payment-provider";

/**
 * The SDK, loaded when the first Stripe provider is made: a shop on test payments never loads it, which
 * spares each start 150–178 ms of CPU (and about 22 MB of resident memory, measured 27 Nov 2026).
 */
let sdk: typeof Stripe | undefined;
const stripeSdk = (): typeof Stripe => (sdk ??= createRequire(import.meta.url)("stripe") as typeof Stripe);

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is, e.g. http://127.0.0.1:PORT for tests; Stripe's own host when unset. */
  apiBaseUrl?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
};

const DEFAULT_TIMEOUT_MS = 20_000;
/** Retries are safe: every create carries our idempotency key, and the SDK only retries connection errors, 409 and 5xx. */
const DEFAULT_NETWORK_RETRIES = 2;

/**
 * Stripe accepts expires_at from 30 minutes to 24 hours after it creates the session, by its clock. A
 * deadline computed as "now + 30 minutes" before the request is already too early when it arrives, so
 * requested deadlines are moved into the window with two minutes to spare at either end.
 */
export const STRIPE_MIN_SESSION_MS = 32 * 60_000;
export const STRIPE_MAX_SESSION_MS = 24 * 60 * 60_000 - 2 * 60_000;

/** What a Checkout Session id looks like; anything else is never sent to Stripe (it would land in the URL path). */
const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const secretKey = options.secretKey.trim();
  const webhookSecret = options.webhookSecret.trim();
  if (!secretKey) throw new Error("The Stripe provider needs a secret key");
  if (!webhookSecret) throw new Error("The Stripe provider needs a webhook signing secret");

  const stripe = new (stripeSdk())(secretKey, {
    ...(options.apiBaseUrl ? apiAddress(options.apiBaseUrl) : {}),
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? DEFAULT_NETWORK_RETRIES,
    telemetry: false,
  });

  const scrub = (text: string) => text.split(secretKey).join("[key]").replace(/\b(sk|rk)_(test|live)_[A-Za-z0-9*]+/g, "[key]");

  function providerError(error: unknown, what: string): PaymentProviderError {
    if (error instanceof PaymentProviderError) return error;
    if (error instanceof stripeSdk().errors.StripeConnectionError) {
      return new PaymentProviderError(`Stripe could not be reached while ${what}: ${scrub(error.message)}`);
    }
    if (error instanceof stripeSdk().errors.StripeError) {
      const code = error.code ?? error.rawType ?? error.type;
      const request = error.requestId ? ` (request ${error.requestId})` : "";
      return new PaymentProviderError(`Stripe refused ${what}: ${error.statusCode ?? "no status"} ${code}: ${scrub(error.message)}${request}`, {
        status: error.statusCode ?? null,
        code,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new PaymentProviderError(`Stripe call failed while ${what}: ${scrub(message)}`);
  }

  async function retrieve(sessionId: string): Promise<ProviderSession | null> {
    if (!SESSION_ID.test(sessionId)) return null;
    try {
      // The paying card (brand and last four) comes with the intent's payment method, in the same call.
      return toProviderSession(await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent.payment_method"] }));
    } catch (error) {
      if (isResourceMissing(error)) return null;
      throw providerError(error, "retrieving a checkout session");
    }
  }

  return {
    kind: "stripe",

    async createCheckoutSession(input: CreateCheckoutInput) {
      if (input.lineItems.length === 0) throw new PaymentProviderError("A checkout session needs at least one line item");
      const sumPence = lineItemsTotalPence(input.lineItems);
      if (sumPence !== input.totalPence) throw new PaymentProviderError(`Line items add up to ${sumPence}p, not ${input.totalPence}p`);
      if (input.currency !== "gbp") throw new PaymentProviderError(`Unsupported currency: ${String(input.currency)}`);
      if (!input.idempotencyKey) throw new PaymentProviderError("A checkout session needs an idempotency key");

      const params: Stripe.Checkout.SessionCreateParams = {
        mode: "payment",
        line_items: input.lineItems.map((item) => ({
          price_data: {
            currency: input.currency,
            unit_amount: item.amountPence,
            // Stripe refuses an empty description, so none is sent rather than "".
            product_data: item.description ? { name: item.name, description: item.description } : { name: item.name },
          },
          quantity: item.quantity,
        })),
        client_reference_id: input.clientReference,
        customer_email: input.customerEmail,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      };
      if (input.metadata && Object.keys(input.metadata).length > 0) params.metadata = input.metadata;
      if (input.expiresAt) params.expires_at = stripeExpiresAt(input.expiresAt, Date.now());

      let created: Stripe.Checkout.Session;
      try {
        created = await stripe.checkout.sessions.create(params, { idempotencyKey: input.idempotencyKey });
      } catch (error) {
        throw providerError(error, "creating a checkout session");
      }
      const session = toProviderSession(created);
      if (!session.url) throw new PaymentProviderError(`Stripe created checkout session ${session.id} without a payment page`);
      return { ...session, url: session.url };
    },

    retrieveSession: retrieve,

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError("The Stripe-Signature header is missing");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      } catch (error) {
        if (error instanceof stripeSdk().errors.StripeSignatureVerificationError) throw new WebhookSignatureError(`Stripe webhook refused: ${error.message}`);
        // A correct signature over a body that is not JSON: not something Stripe sends.
        throw new WebhookSignatureError(`Stripe webhook body could not be read: ${error instanceof Error ? error.message : String(error)}`);
      }
      return toPaymentEvent(event);
    },

    async refund(input) {
      if (!SESSION_ID.test(input.sessionId)) throw new PaymentProviderError(`Not a Stripe checkout session: ${input.sessionId}`, { status: 400, code: "resource_missing" });
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence < 1) throw new PaymentProviderError(`Invalid refund amount: ${input.amountPence}`, { status: 400, code: "parameter_invalid_integer" });
      let paymentIntent: string | null;
      try {
        const session = await stripe.checkout.sessions.retrieve(input.sessionId);
        paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
      } catch (error) {
        throw providerError(error, "finding the payment to refund");
      }
      if (!paymentIntent) throw new PaymentProviderError(`Checkout session ${input.sessionId} has no payment to refund`, { status: 400, code: "charge_not_paid" });
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: input.amountPence,
            ...(input.requestedByCustomer ? { reason: "requested_by_customer" as const } : {}),
            ...(input.metadata && Object.keys(input.metadata).length > 0 ? { metadata: input.metadata } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (refund.status === "failed" || refund.status === "canceled") {
          throw new PaymentProviderError(`Stripe refund ${refund.id} ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ""}`, { status: 402, code: refund.failure_reason ?? refund.status });
        }
        return { id: refund.id, amountPence: refund.amount, status: refund.status === "succeeded" ? "succeeded" : "pending" };
      } catch (error) {
        throw providerError(error, "creating a refund");
      }
    },

    async expireSession(sessionId) {
      if (!SESSION_ID.test(sessionId)) return;
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return;
      } catch (error) {
        if (isResourceMissing(error)) return;
        if (!(error instanceof stripeSdk().errors.StripeInvalidRequestError)) throw providerError(error, "expiring a checkout session");
        // Stripe refuses to expire a session that is no longer open (paid or timed out): either way its page
        // can no longer be paid, which is all this call promises.
        const current = await retrieve(sessionId);
        if (current === null || current.status !== "open") return;
        throw providerError(error, "expiring a checkout session");
      }
    },
  };
}

/** The SDK's host/port/protocol settings for an address such as http://127.0.0.1:12111. */
function apiAddress(apiBaseUrl: string): { host: string; port: number; protocol: "http" | "https" } {
  let url: URL;
  try {
    url = new URL(apiBaseUrl);
  } catch {
    throw new Error(`The Stripe API address is not a URL: ${apiBaseUrl}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error(`The Stripe API address must be http or https: ${apiBaseUrl}`);
  if (url.pathname !== "/" || url.search || url.username) throw new Error(`The Stripe API address must be a bare origin (the SDK adds /v1/...): ${apiBaseUrl}`);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port ? Number(url.port) : protocol === "https" ? 443 : 80,
    protocol,
  };
}

/** The requested deadline as Stripe's expires_at (Unix seconds), moved into the window Stripe accepts. */
export function stripeExpiresAt(expiresAt: Date, nowMs: number): number {
  const requestedMs = expiresAt.getTime();
  if (!Number.isFinite(requestedMs)) throw new PaymentProviderError("The checkout session's expiry is not a valid date");
  const ms = Math.min(Math.max(requestedMs, nowMs + STRIPE_MIN_SESSION_MS), nowMs + STRIPE_MAX_SESSION_MS);
  return Math.ceil(ms / 1000);
}

function isResourceMissing(error: unknown): boolean {
  return error instanceof stripeSdk().errors.StripeError && error.statusCode === 404 && error.code === "resource_missing";
}

/** An unknown or missing status is read as open and unpaid: a state we do not understand must never look paid. */
export function toProviderSession(session: Stripe.Checkout.Session): ProviderSession {
  const status: ProviderSession["status"] = session.status === "complete" ? "complete" : session.status === "expired" ? "expired" : "open";
  const paymentStatus: ProviderSession["paymentStatus"] =
    session.payment_status === "paid" ? "paid" : session.payment_status === "no_payment_required" ? "no_payment_required" : "unpaid";
  return {
    id: session.id,
    url: session.url ?? null,
    status,
    paymentStatus,
    amountTotalPence: session.amount_total ?? null,
    currency: session.currency ?? null,
    clientReferenceId: session.client_reference_id ?? null,
    customerEmail: session.customer_email ?? session.customer_details?.email ?? null,
    metadata: { ...(session.metadata ?? {}) },
    card: paidCard(session),
  };
}

/** Brand and last four of the card, when the session was retrieved with its payment intent expanded. */
function paidCard(session: Stripe.Checkout.Session): ProviderSession["card"] {
  const intent = session.payment_intent;
  if (!intent || typeof intent === "string") return null;
  const method = intent.payment_method;
  if (!method || typeof method === "string" || !method.card) return null;
  return { brand: method.card.brand, last4: method.card.last4 };
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (typeof event?.id !== "string" || typeof event.type !== "string") throw new WebhookSignatureError("Stripe webhook body is not an event");
  const object = (event.data as { object?: { object?: unknown } } | undefined)?.object;
  const isSession = event.type.startsWith("checkout.session.") && object?.object === "checkout.session";
  return { id: event.id, type: event.type, session: isSession ? toProviderSession(object as Stripe.Checkout.Session) : null };
}
