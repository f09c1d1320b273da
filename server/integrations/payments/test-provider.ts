// The built-in test card processor (DECISIONS rule 11): the default when no Stripe key is configured. It
// keeps its sessions in the shop's database (so a restart loses nothing) and serves its hosted checkout
// page from the shop itself (app/routes/checkout/test-payment.tsx), clearly marked as a test.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { testPaymentRefunds, testPaymentSessions } from "../../../db/schema";
import { cardBrandOf, testCardOutcome } from "../../../domain/card";
import { PaymentProviderError, WebhookSignatureError, type CreateCheckoutInput, type PaymentProvider, type ProviderSession } from "./payment-provider";

export const TEST_SESSION_MINUTES = 30;

type Row = typeof testPaymentSessions.$inferSelect;

/** What the hosted page shows: what a card page shows (what is paid for, how much), never who pays. */
export type TestCheckoutView = {
  id: string;
  status: ProviderSession["status"];
  amountTotalPence: number;
  lineItems: Row["lineItems"];
  cancelUrl: string;
};

export type TestPayResult =
  | { outcome: "paid"; redirectTo: string }
  | { outcome: "declined"; redirectTo: string }
  | { outcome: "closed"; redirectTo: string };

export type TestPaymentProvider = PaymentProvider & {
  readonly kind: "test";
  /** What the hosted page shows; null for an unknown id. */
  view(sessionId: string): Promise<TestCheckoutView | null>;
  /** Charges a card that already passed the form's checks (Luhn, expiry); says where the payer goes next. */
  pay(sessionId: string, card: { digits: string }): Promise<TestPayResult>;
  expireSession(sessionId: string): Promise<void>;
};

function toSession(row: Row, now: Date): ProviderSession {
  const expired = row.status === "open" && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    url: row.status === "open" && !expired ? `/checkout/test-payment/${row.id}` : null,
    status: expired ? "expired" : row.status,
    paymentStatus: row.paymentStatus,
    amountTotalPence: row.amountTotalPence,
    currency: row.currency,
    clientReferenceId: row.clientReferenceId,
    customerEmail: row.customerEmail,
    metadata: row.metadata,
    card: row.cardLast4 ? { brand: row.cardBrand ?? "unknown", last4: row.cardLast4 } : null,
  };
}

/**
 * Where the hosted page sends a declined card. Stripe keeps the payer on its own page; this page hands
 * them to the shop's payment-failed page instead, which says what happened (spec: a failed payment goes
 * to /checkout/failed). 'Cancel and go back' is the checkout's cancel URL, which is another place.
 */
export const DECLINED_URL = "/checkout/failed?session_id={CHECKOUT_SESSION_ID}";

const withSessionId = (url: string, id: string) => url.replaceAll("{CHECKOUT_SESSION_ID}", encodeURIComponent(id));

export function createTestPaymentProvider(db: Db): TestPaymentProvider {
  async function find(id: string): Promise<Row | null> {
    if (!/^cs_test_[A-Za-z0-9]{24}$/.test(id)) return null;
    const [row] = await db.select().from(testPaymentSessions).where(eq(testPaymentSessions.id, id)).limit(1);
    return row ?? null;
  }

  return {
    kind: "test",

    async createCheckoutSession(input: CreateCheckoutInput) {
      const sum = input.lineItems.reduce((total, item) => total + item.amountPence * item.quantity, 0);
      if (sum !== input.totalPence) throw new PaymentProviderError(`Line items add up to ${sum}p, not ${input.totalPence}p`);
      const id = `cs_test_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0").slice(0, 24)}`;
      const expiresAt = input.expiresAt ?? new Date(Date.now() + TEST_SESSION_MINUTES * 60_000);
      // Like a card processor's idempotency key: the same request twice makes one session.
      await db
        .insert(testPaymentSessions)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          clientReferenceId: input.clientReference,
          customerEmail: input.customerEmail,
          amountTotalPence: input.totalPence,
          currency: input.currency,
          lineItems: input.lineItems,
          metadata: input.metadata ?? {},
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          expiresAt,
        })
        .onConflictDoNothing({ target: testPaymentSessions.idempotencyKey });
      const [row] = await db.select().from(testPaymentSessions).where(eq(testPaymentSessions.idempotencyKey, input.idempotencyKey));
      if (!row) throw new PaymentProviderError("The test session could not be stored");
      if (row.amountTotalPence !== input.totalPence || row.clientReferenceId !== input.clientReference) {
        throw new PaymentProviderError("Idempotency key reused with different parameters");
      }
      const session = toSession(row, new Date());
      return { ...session, url: session.url ?? `/checkout/test-payment/${row.id}` };
    },

    async retrieveSession(sessionId) {
      const row = await find(sessionId);
      return row ? toSession(row, new Date()) : null;
    },

    parseWebhook() {
      throw new WebhookSignatureError("The built-in test provider sends no webhooks; it fulfils orders when the card is charged.");
    },

    async view(sessionId) {
      const row = await find(sessionId);
      if (!row) return null;
      const session = toSession(row, new Date());
      return {
        id: row.id,
        status: session.status,
        amountTotalPence: row.amountTotalPence,
        lineItems: row.lineItems,
        cancelUrl: withSessionId(row.cancelUrl, row.id),
      };
    },

    async pay(sessionId, card) {
      const row = await find(sessionId);
      if (!row) throw new PaymentProviderError("Unknown test session");
      if (testCardOutcome(card.digits) === "declined") {
        await db.update(testPaymentSessions).set({ declines: sql`${testPaymentSessions.declines} + 1` }).where(eq(testPaymentSessions.id, row.id));
        return { outcome: "declined", redirectTo: withSessionId(DECLINED_URL, row.id) };
      }
      const [paid] = await db
        .update(testPaymentSessions)
        .set({ status: "complete", paymentStatus: "paid", cardBrand: cardBrandOf(card.digits), cardLast4: card.digits.slice(-4), paidAt: sql`now()` })
        .where(sql`${testPaymentSessions.id} = ${row.id} and ${testPaymentSessions.status} = 'open' and ${testPaymentSessions.expiresAt} > now()`)
        .returning({ id: testPaymentSessions.id });
      if (!paid) {
        // Already paid (a double click, a second tab, two copies of the form at once) goes on to the
        // order; an expired page goes back. Read again: the row read above may predate the other payment.
        const [now] = await db.select({ status: testPaymentSessions.status }).from(testPaymentSessions).where(eq(testPaymentSessions.id, row.id));
        const closedTo = now?.status === "complete" ? row.successUrl : row.cancelUrl;
        return { outcome: "closed", redirectTo: withSessionId(closedTo, row.id) };
      }
      return { outcome: "paid", redirectTo: withSessionId(row.successUrl, row.id) };
    },

    async refund(input) {
      const id = `re_test_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0").slice(0, 24)}`;
      if (!Number.isSafeInteger(input.amountPence) || input.amountPence < 1) throw new PaymentProviderError(`Invalid refund amount: ${input.amountPence}`, { status: 400, code: "parameter_invalid_integer" });
      // Like a card processor: one refund per key, and never more back than the session took, decided
      // by the one statement that writes it.
      await db.execute(sql`
        insert into ${testPaymentRefunds} (id, session_id, amount_pence, idempotency_key)
        select ${id}, s.id, ${input.amountPence}, ${input.idempotencyKey}
        from ${testPaymentSessions} s
        where s.id = ${input.sessionId} and s.payment_status = 'paid'
          and ${input.amountPence} <= s.amount_total_pence - coalesce((select sum(r.amount_pence) from ${testPaymentRefunds} r where r.session_id = s.id), 0)
        on conflict (idempotency_key) do nothing`);
      const [row] = await db.select().from(testPaymentRefunds).where(eq(testPaymentRefunds.idempotencyKey, input.idempotencyKey));
      if (!row) {
        const session = await find(input.sessionId);
        if (!session || session.paymentStatus !== "paid") throw new PaymentProviderError("This test session was never paid, so nothing can be refunded", { status: 400, code: "charge_not_paid" });
        throw new PaymentProviderError(`A refund of ${input.amountPence}p is more than is left to refund on ${input.sessionId}`, { status: 400, code: "amount_too_large" });
      }
      if (row.sessionId !== input.sessionId || row.amountPence !== input.amountPence) throw new PaymentProviderError("Idempotency key reused with different parameters", { status: 400, code: "idempotency_error" });
      return { id: row.id, amountPence: row.amountPence, status: "succeeded" };
    },

    async expireSession(sessionId) {
      await db.update(testPaymentSessions).set({ status: "expired" }).where(sql`${testPaymentSessions.id} = ${sessionId} and ${testPaymentSessions.status} = 'open'`);
    },
  };
}
