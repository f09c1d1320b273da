// Card payments happen on a hosted checkout page: ours (the built-in test provider, the default) or
// Stripe Checkout when a Stripe key is configured. The checkout service talks to this interface only, so
// it never knows which one is behind it. Amounts are integer pence, as everywhere in the shop.

export type CheckoutLineItem = {
  name: string;
  description?: string;
  /** Unit amount, a whole number of pence ≥ 0. */
  amountPence: number;
  quantity: number;
};

export type CreateCheckoutInput = {
  /** Our pending checkout id; comes back as the session's clientReferenceId. */
  clientReference: string;
  customerEmail: string;
  /** Already exact: their sum (amountPence × quantity) equals totalPence. */
  lineItems: CheckoutLineItem[];
  /** Providers refuse (throw PaymentProviderError) when the line items do not add up to it. */
  totalPence: number;
  currency: "gbp";
  /** Contains the literal {CHECKOUT_SESSION_ID} placeholder, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  /** The same key with the same input gives the same session, however often it is sent. */
  idempotencyKey: string;
  metadata?: Record<string, string>;
  expiresAt?: Date;
};

export type ProviderSession = {
  id: string;
  /** The hosted payment page, while it can still be paid. */
  url: string | null;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid" | "no_payment_required";
  amountTotalPence: number | null;
  currency: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  /** The card that paid, as the processor names it (brand "visa", last four digits); null before payment or when not told. */
  card: { brand: string; last4: string } | null;
};

export type PaymentEvent = {
  id: string;
  /** e.g. "checkout.session.completed", "checkout.session.async_payment_succeeded", "checkout.session.async_payment_failed", "checkout.session.expired" */
  type: string;
  /** The session the event is about, for checkout.session.* events; null for any other event. */
  session: ProviderSession | null;
};

export type RefundInput = {
  /** The checkout session that took the money. */
  sessionId: string;
  amountPence: number;
  /** The same key gives the same refund, however often it is sent (a retry never refunds twice). */
  idempotencyKey: string;
  /** Did the customer ask (a cancellation)? Card processors record that. */
  requestedByCustomer: boolean;
  metadata?: Record<string, string>;
};

export type ProviderRefund = { id: string; amountPence: number; status: "succeeded" | "pending" };

/** The webhook's signature is missing, wrong or too old, or the signed body is not an event. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/**
 * The provider could not be reached or refused the request. The message is safe to log: it never
 * contains an API key. `status` is the provider's HTTP status when it answered, `code` its error code.
 */
export class PaymentProviderError extends Error {
  readonly status: number | null;
  readonly code: string | null;

  constructor(message: string, details: { status?: number | null; code?: string | null } = {}) {
    super(message);
    this.name = "PaymentProviderError";
    this.status = details.status ?? null;
    this.code = details.code ?? null;
  }
}

export interface PaymentProvider {
  readonly kind: "test" | "stripe";
  /** Throws PaymentProviderError. */
  createCheckoutSession(input: CreateCheckoutInput): Promise<ProviderSession & { url: string }>;
  /** null when the provider does not know the id. Throws PaymentProviderError. */
  retrieveSession(sessionId: string): Promise<ProviderSession | null>;
  /** Verifies the signature over the RAW body and parses the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
  /**
   * Closes an open session so that its page can no longer be paid. Resolves once the session is not open,
   * whatever closed it: this call, an earlier expiry, a payment (read retrieveSession to tell which), or an
   * id the provider does not know. Throws PaymentProviderError when an open session could not be closed.
   */
  expireSession?(sessionId: string): Promise<void>;
  /**
   * Gives `amountPence` of a paid session back to the card that paid it. Throws PaymentProviderError; one
   * with a 4xx status other than 409 and 429 is a refusal (nothing was refunded), anything else may or may
   * not have reached the processor, and the same call with the same key settles it.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
}

/** Did the processor refuse (nothing happened), rather than fail in a way a retry with the same key settles? */
export function isDefiniteRefusal(error: PaymentProviderError): boolean {
  return error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429;
}

/** Sum of amountPence × quantity; throws PaymentProviderError for an amount or quantity that is not a whole, in-range number. */
export function lineItemsTotalPence(lineItems: CheckoutLineItem[]): number {
  let totalPence = 0;
  for (const item of lineItems) {
    if (!Number.isSafeInteger(item.amountPence) || item.amountPence < 0) {
      throw new PaymentProviderError(`Line item "${item.name}" has an invalid amount: ${item.amountPence}`);
    }
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) {
      throw new PaymentProviderError(`Line item "${item.name}" has an invalid quantity: ${item.quantity}`);
    }
    totalPence += item.amountPence * item.quantity;
  }
  if (!Number.isSafeInteger(totalPence)) throw new PaymentProviderError("Line items add up to more than can be charged");
  return totalPence;
}
