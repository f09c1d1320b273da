// From basket to a paid order, exactly once, for exactly the server's total (docs/decisions/003-money-and-pricing.md, docs/decisions/005-checkout-exactly-once.md, docs/decisions/008-promotions.md, docs/decisions/010-payment-and-address-providers.md).
// `start` re-prices the basket, re-checks the promo and stores a pending checkout before asking the
// payment provider for a hosted page; `fulfil` turns a paid session into one order group, however many
// times and from wherever (the customer's return, a webhook, the test page) it is called.
import { randomBytes } from "node:crypto";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { checkouts, orderFiles, orderGroups, orders, promoCodes, quotes, type BlindShipping } from "../../db/schema";
import type { SavedAddress } from "../../domain/address";
import {
  CHECKOUT_MESSAGES,
  PAYMENT_CANCELLED_PATH,
  paymentLineItems,
  priceCheckoutLines,
  totalMismatchMessage,
  totalsLine,
  TOTAL_TOLERANCE_PENCE,
  type CheckoutLine,
  type CheckoutLineRequest,
} from "../../domain/checkout";
import { ukDateParts } from "../../domain/delivery";
import { poundsToPence } from "../../domain/money";
import { promoOff } from "../../domain/promotion";
import { QUOTE_MESSAGES, quoteNumberLabel } from "../../domain/quote";
import { orderTotals, type OrderTotals } from "../../domain/totals";
import { accountStanding, creditCheck, invoiceDueDate, TRADE_ACCOUNT_MESSAGES } from "../../domain/trade-account";
import type { ShopDetails } from "../config";
import type { PaymentProvider, ProviderSession } from "../integrations/payments/payment-provider";
import type { AccountService } from "./account-service";
import type { CatalogueService } from "./catalogue-service";
import type { EmailSender } from "./email-outbox";
import type { DesignService } from "./design-service";
import { writeOrder } from "./order-writer";
import { failure, type Failure, type Outcome } from "./outcome";
import { minimumSpendMessage, PROMO_MESSAGES, type PromoService, type ValidPromo } from "./promo-service";
import { accountInvoices, lockTradeAccount } from "./trade-ledger";

// Stripe will not open a payment page for less than 30 minutes; the reservation outlasts it a little.
export const CHECKOUT_MINUTES = 35;
export const NEW_CUSTOMERS_ONLY_MESSAGE = "This promo code is for new customers only.";

export type StartCheckoutInput = {
  userId: number;
  /** The client's figure in pounds (the spec's `Total`): compared, never charged. */
  clientTotalPounds: number;
  lines: CheckoutLineRequest[];
  promoCode?: string | null | undefined;
  billing?: SavedAddress | null | undefined;
  delivery?: SavedAddress | null | undefined;
  blindShipping?: BlindShipping | null | undefined;
  /** Already checked at the edge (purchaseOrderSchema). */
  poNumber?: string | null | undefined;
  /** Order a quote of this customer: its lines at its figures, while it is valid (`lines` is then not read). */
  quoteId?: number | null | undefined;
};

type Prepared = {
  ok: true;
  contact: { email: string };
  billing: SavedAddress;
  delivery: SavedAddress;
  lines: CheckoutLine[];
  promo: ValidPromo | null;
  totals: OrderTotals;
};

/** A quote's lines as a checkout takes them (the quote service decides validity and delivery dates). */
export type QuoteLinesSource = {
  checkoutLines(userId: number, quoteId: number, now: Date): Promise<Outcome<{ lines: CheckoutLine[] }>>;
};

export type StartCheckoutResult = Outcome<{ url: string; checkoutId: string; totalPence: number }, { serverTotalPence?: number }>;

/**
 * `not-found`: no such checkout (for this owner), or the processor knows no such session; `conflict`: not
 * paid yet, or paid with money that does not match what was stored (logged for staff): no order either way.
 */
export type FulfilResult = Outcome<{ orderGroupId: number; created: boolean }>;

export type CheckoutService = {
  start(input: StartCheckoutInput, now?: Date): Promise<StartCheckoutResult>;
  /** A trade customer's order on account: credit checked and the order made in one transaction, no card. */
  placeOnAccount(input: StartCheckoutInput, now?: Date): Promise<Outcome<{ orderGroupId: number; totalPence: number }, { serverTotalPence?: number }>>;
  /** Creates the order for a paid provider session (once). Safe to call concurrently any number of times. */
  fulfilSession(providerSessionId: string, known?: ProviderSession): Promise<FulfilResult>;
  /** The same, by our checkout id (the client reference), for its owner only. */
  fulfilForOwner(userId: number, checkoutId: string): Promise<FulfilResult>;
  /** A customer (by account or email) with a paid order is not new (docs/decisions/008-promotions.md). */
  isReturningCustomer(userId: number): Promise<boolean>;
  /** The provider session behind a checkout of this customer, or null. */
  sessionForOwner(userId: number, providerSessionId: string): Promise<ProviderSession | null>;
  readonly provider: PaymentProvider;
};

export type CheckoutServiceDeps = {
  db: Db;
  provider: PaymentProvider & { expireSession?: (id: string) => Promise<void> };
  catalogue: CatalogueService;
  promos: PromoService;
  accounts: AccountService;
  quotes: QuoteLinesSource;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Runs after an order exists (every time fulfil answers it): reorders' artwork is copied here, once. */
  afterOrder?: (orderGroupId: number) => Promise<void>;
  /** Designs from the online editor named by basket lines (copied into the checkout as they are now). */
  designs?: Pick<DesignService, "snapshotForLine">;
};

export function newCheckoutId(): string {
  return `chk_${randomBytes(15).toString("base64url").replace(/[-_]/g, "x")}`;
}

export function createCheckoutService(deps: CheckoutServiceDeps): CheckoutService {
  const { db, provider, catalogue, promos, accounts, shop, sender, log } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  // The built-in page lives on this shop, so its return addresses stay on whatever host the customer used.
  const returnBase = provider.kind === "test" ? "" : publicUrl;

  /** A customer (by account or email) with a paid order is not new (docs/decisions/008-promotions.md). */
  async function hasPaidOrder(tx: Db, userId: number, email: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: orderGroups.id })
      .from(orderGroups)
      .where(or(eq(orderGroups.userId, userId), sql`lower(${orderGroups.userEmail}) = ${email.toLowerCase()}`))
      .limit(1);
    return Boolean(row);
  }

  /** Everything a checkout is made of, checked: the customer, the addresses, the lines re-priced (or the quote's), the promo, the totals. */
  async function prepare(input: StartCheckoutInput, now: Date): Promise<Prepared | Failure<{ serverTotalPence?: number }>> {
    const contact = await accounts.contact(input.userId);
    if (!contact) return { ok: false, reason: "not-found", message: CHECKOUT_MESSAGES.accountProblem };
    if (input.lines.length === 0 && !input.quoteId) return { ok: false, reason: "invalid", message: CHECKOUT_MESSAGES.emptyBasket };

    const saved = await accounts.addresses(input.userId);
    const billing = input.billing ?? saved.billing;
    const delivery = input.delivery ?? saved.delivery;
    if (!billing || !delivery) return { ok: false, reason: "invalid", message: CHECKOUT_MESSAGES.noAddress };

    let priced: { ok: true; lines: CheckoutLine[] };
    if (input.quoteId) {
      // A quote is ordered whole, at its quoted figures, while it is valid; the basket's lines are not read.
      if (input.promoCode?.trim()) return { ok: false, reason: "invalid", message: QUOTE_MESSAGES.noPromo };
      const quoted = await deps.quotes.checkoutLines(input.userId, input.quoteId, now);
      if (!quoted.ok) return quoted;
      priced = quoted;
    } else {
      const snapshot = await catalogue.snapshot();
      const fromCatalogue = priceCheckoutLines(input.lines, (id) => snapshot.productById.get(id), now);
      if (!fromCatalogue.ok) return { ok: false, reason: "invalid", message: fromCatalogue.problems.map((p) => p.message).join("; ") };
      priced = fromCatalogue;
    }

    // Reorder: approved artwork is reused only from this customer's own item of the same product and versions.
    for (const line of priced.lines) {
      if (!line.reuseArtworkFrom) continue;
      const [source] = await db
        .select({ productId: orders.productId, versions: orders.versions, userId: orders.userId })
        .from(orders)
        .where(eq(orders.id, line.reuseArtworkFrom))
        .limit(1);
      const approved = source
        ? await db
            .select({ n: sql<number>`count(*)::int` })
            .from(orderFiles)
            .where(and(eq(orderFiles.orderId, line.reuseArtworkFrom), eq(orderFiles.approved, true)))
        : [];
      const usable = source && source.userId === input.userId && source.productId === line.productId && source.versions === line.versions && Number(approved[0]?.n) === source.versions;
      if (!usable) line.reuseArtworkFrom = null;
    }

    // A design from the online editor: this customer's own, at this line's size; the checkout keeps a copy.
    if (!input.quoteId) {
      for (const [index, request] of input.lines.entries()) {
        if (!request.designId) continue;
        if (!deps.designs) return { ok: false, reason: "invalid", message: `Line ${index + 1}: designs cannot be ordered here` };
        const snapshot = await deps.designs.snapshotForLine(input.userId, request.designId, priced.lines[index]!);
        if (!snapshot.ok) return { ok: false, reason: "invalid", message: `Line ${index + 1} (${priced.lines[index]!.productName}): ${snapshot.message}` };
        priced.lines[index]!.design = snapshot.snapshot;
      }
    }

    let promo: ValidPromo | null = null;
    const code = input.promoCode?.trim();
    if (code) {
      const checked = await promos.check(code, now);
      if (!checked.ok) return { ok: false, reason: "invalid", message: checked.message };
      promo = checked;
    }

    let totals = orderTotals(priced.lines.map(totalsLine), promo ? promoOff(promo) : 0);
    if (promo && totals.subTotalPence < promo.minSpendPence) return { ok: false, reason: "invalid", message: minimumSpendMessage(promo.minSpendPence) };
    // A code that takes nothing off (a few pence at a small percentage, or a basket of free items) is not
    // a use: it takes no slot.
    if (promo && totals.promoDiscountPence === 0) {
      promo = null;
      totals = orderTotals(priced.lines.map(totalsLine), 0);
    }
    const clientPence = Number.isFinite(input.clientTotalPounds) ? poundsToPence(input.clientTotalPounds) : NaN;
    if (!(Math.abs(clientPence - totals.totalPence) <= TOTAL_TOLERANCE_PENCE)) {
      return {
        ok: false,
        reason: "conflict",
        message: Number.isFinite(clientPence) ? totalMismatchMessage(clientPence, totals.totalPence) : "Total must be a number of pounds",
        serverTotalPence: totals.totalPence,
      };
    }

    return { ok: true, contact, billing, delivery, lines: priced.lines, promo, totals };
  }

  /**
   * Inside the transaction that writes the checkout: the promo's uses are counted with its row locked, so
   * two checkouts cannot both take its last use. Answers the message when the code can no longer be used.
   */
  async function holdPromo(t: Tx, promo: ValidPromo, userId: number, contactEmail: string): Promise<string | null> {
    // The promo row is locked so two checkouts cannot both take its last use (PostgreSQL); PGlite runs
    // transactions one at a time anyway. Unpaid, unexpired checkouts hold a use until they lapse.
    const [row] = await t
      .select({ id: promoCodes.id, usageLimit: promoCodes.usageLimit, uses: promoCodes.uses })
      .from(promoCodes)
      .where(sql`lower(${promoCodes.code}) = ${promo.code.toLowerCase()}`)
      .for("update");
    if (!row) return PROMO_MESSAGES.unknown;
    const codeKey = promo.code.toLowerCase();
    const pendingWithCode = and(sql`lower(${checkouts.promoCode}) = ${codeKey}`, eq(checkouts.status, "pending"), gt(checkouts.expiresAt, sql`now()`));
    if (row.usageLimit !== null) {
      const [held] = await t.select({ n: sql<number>`count(*)::int` }).from(checkouts).where(pendingWithCode);
      if (row.uses + Number(held?.n ?? 0) >= row.usageLimit) return PROMO_MESSAGES["used-up"];
    }
    if (promo.perCustomerLimit !== null) {
      // The customer by account or, for a guest's earlier orders, by email; their unpaid checkouts count too.
      const email = contactEmail.toLowerCase();
      const [[paid], [pending]] = await Promise.all([
        t
          .select({ n: sql<number>`count(*)::int` })
          .from(orderGroups)
          .where(and(sql`lower(${orderGroups.promoCode}) = ${codeKey}`, gt(orderGroups.promoDiscountPence, 0), or(eq(orderGroups.userId, userId), sql`lower(${orderGroups.userEmail}) = ${email}`))),
        t
          .select({ n: sql<number>`count(*)::int` })
          .from(checkouts)
          .where(and(pendingWithCode, or(eq(checkouts.userId, userId), sql`lower(${checkouts.email}) = ${email}`))),
      ]);
      if (Number(paid?.n ?? 0) + Number(pending?.n ?? 0) >= promo.perCustomerLimit) return PROMO_MESSAGES.perCustomer;
    }
    if (promo.newCustomersOnly && (await hasPaidOrder(t, userId, contactEmail))) return NEW_CUSTOMERS_ONLY_MESSAGE;
    return null;
  }

  function checkoutRow(id: string, input: StartCheckoutInput, prepared: Prepared, kind: "test" | "stripe" | "account", now: Date): typeof checkouts.$inferInsert {
    return {
      id,
      userId: input.userId,
      email: prepared.contact.email,
      provider: kind,
      providerSessionId: kind === "account" ? `acct_${id}` : null,
      lines: prepared.lines,
      promoCode: prepared.promo?.code ?? null,
      promoBasisPoints: prepared.promo?.basisPoints ?? 0,
      ...prepared.totals,
      billing: prepared.billing,
      delivery: prepared.delivery,
      blindShipping: input.blindShipping ?? null,
      poNumber: input.poNumber ?? null,
      quoteId: input.quoteId ?? null,
      expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
    };
  }

  async function start(input: StartCheckoutInput, now = new Date()): Promise<StartCheckoutResult> {
    const prepared = await prepare(input, now);
    if (!prepared.ok) return prepared;
    const { promo, totals, contact } = prepared;
    const priced = { lines: prepared.lines };
    const checkoutId = newCheckoutId();
    const reserved = await db.transaction(async (t) => {
      // A new checkout replaces the customer's unpaid ones: one open payment page per customer.
      const superseded = await t
        .update(checkouts)
        .set({ status: "superseded" })
        .where(and(eq(checkouts.userId, input.userId), eq(checkouts.status, "pending")))
        .returning({ providerSessionId: checkouts.providerSessionId });

      if (promo) {
        const refused = await holdPromo(t, promo, input.userId, contact.email);
        if (refused) return { ok: false as const, message: refused };
      }

      await t.insert(checkouts).values(checkoutRow(checkoutId, input, prepared, provider.kind, now));
      return { ok: true as const, superseded: superseded.map((s) => s.providerSessionId).filter((id): id is string => id !== null) };
    });
    if (!reserved.ok) return { ok: false, reason: "invalid", message: reserved.message };

    let session;
    try {
      session = await provider.createCheckoutSession({
        clientReference: checkoutId,
        customerEmail: contact.email,
        lineItems: paymentLineItems(priced.lines, totals, promo?.code ?? null),
        totalPence: totals.totalPence,
        currency: "gbp",
        successUrl: `${returnBase}/checkout/artwork-uploader?session_id={CHECKOUT_SESSION_ID}`,
        // 'Cancel and go back' returns to the address step, where the saved addresses fill the form again.
        cancelUrl: `${returnBase}${PAYMENT_CANCELLED_PATH}`,
        idempotencyKey: checkoutId,
        metadata: { checkout_id: checkoutId, user_id: String(input.userId) },
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      });
    } catch (error) {
      log.error({ err: error, checkoutId }, "payment session could not be started");
      await db.update(checkouts).set({ status: "failed" }).where(eq(checkouts.id, checkoutId));
      return { ok: false, reason: "unavailable", message: CHECKOUT_MESSAGES.couldNotStart };
    }
    await db.update(checkouts).set({ providerSessionId: session.id }).where(eq(checkouts.id, checkoutId));
    for (const old of reserved.superseded) {
      // Best effort: an old page that is paid after all still becomes an order (fulfil ignores the status).
      provider.expireSession?.(old).catch((error: unknown) => log.warn({ err: error }, "could not expire a superseded payment session"));
    }
    return { ok: true, url: session.url, checkoutId, totalPence: totals.totalPence };
  }

  async function createOrder(checkout: typeof checkouts.$inferSelect, card: ProviderSession["card"]): Promise<FulfilResult> {
    const outcome = await db.transaction((t) => writeOrder(t, { shop, publicUrl }, checkout, { method: "card", card }));
    if (outcome.created) sender.kick();
    return { ok: true, ...outcome };
  }

  async function placeOnAccount(input: StartCheckoutInput, now = new Date()): Promise<Outcome<{ orderGroupId: number; totalPence: number }, { serverTotalPence?: number }>> {
    const prepared = await prepare(input, now);
    if (!prepared.ok) return prepared;
    const today = ukDateParts(now).isoDate;
    const checkoutId = newCheckoutId();
    const outcome = await db.transaction(async (t) => {
      // The account's row is locked first, so concurrent on-account orders of one customer are checked
      // one after another against the balance the previous one left: together they never pass the limit.
      const account = await lockTradeAccount(t, input.userId);
      if (!account) return { ok: false as const, reason: "invalid" as const, message: TRADE_ACCOUNT_MESSAGES.none };
      const credit = creditCheck(accountStanding(account, await accountInvoices(t, input.userId), today), prepared.totals.totalPence);
      if (!credit.ok) return { ok: false as const, reason: "conflict" as const, message: credit.message };
      if (prepared.promo) {
        const refused = await holdPromo(t, prepared.promo, input.userId, prepared.contact.email);
        if (refused) return { ok: false as const, reason: "invalid" as const, message: refused };
      }
      if (input.quoteId) {
        // The quote's row is locked too: two tabs ordering one quote on account make one order.
        const [quote] = await t.select({ status: quotes.status, number: quotes.number }).from(quotes).where(eq(quotes.id, input.quoteId)).for("update");
        if (quote?.status === "ordered") return { ok: false as const, reason: "conflict" as const, message: QUOTE_MESSAGES.ordered(quoteNumberLabel(quote.number)) };
      }
      const [checkout] = await t.insert(checkouts).values(checkoutRow(checkoutId, input, prepared, "account", now)).returning();
      const written = await writeOrder(t, { shop, publicUrl }, checkout!, { method: "account", dueDate: invoiceDueDate(today, account.termsDays) });
      return { ok: true as const, orderGroupId: written.orderGroupId };
    });
    if (!outcome.ok) return outcome;
    sender.kick();
    if (deps.afterOrder) {
      await deps.afterOrder(outcome.orderGroupId).catch((error: unknown) => log.error({ err: error, orderGroupId: outcome.orderGroupId }, "after-order step failed"));
    }
    return { ok: true, orderGroupId: outcome.orderGroupId, totalPence: prepared.totals.totalPence };
  }

  async function fulfil(checkout: typeof checkouts.$inferSelect | undefined, known?: ProviderSession): Promise<FulfilResult> {
    const result = await fulfilOnce(checkout, known);
    if (result.ok && deps.afterOrder) {
      await deps.afterOrder(result.orderGroupId).catch((error: unknown) => log.error({ err: error, orderGroupId: result.orderGroupId }, "after-order step failed"));
    }
    return result;
  }

  /**
   * The session to make the order from. A webhook's copy does not name the card that paid, so the
   * processor is asked once more for it; if that fails, the webhook's copy still makes the order.
   */
  async function paidSession(sessionId: string, known?: ProviderSession): Promise<ProviderSession | null> {
    const fromEvent = known && known.id === sessionId ? known : null;
    if (fromEvent?.card) return fromEvent;
    if (!fromEvent) return provider.retrieveSession(sessionId);
    const fresh = await provider.retrieveSession(sessionId).catch((error: unknown) => {
      log.warn({ err: error, sessionId }, "could not retrieve the paid session for its card; ordering from the webhook");
      return null;
    });
    return fresh ?? fromEvent;
  }

  async function fulfilOnce(checkout: typeof checkouts.$inferSelect | undefined, known?: ProviderSession): Promise<FulfilResult> {
    if (!checkout || !checkout.providerSessionId) return failure("not-found", "Not found");
    if (checkout.orderGroupId !== null) return { ok: true, orderGroupId: checkout.orderGroupId, created: false };
    const session = await paidSession(checkout.providerSessionId, known);
    if (!session) return failure("not-found", "Not found");
    if (session.paymentStatus !== "paid" || session.status !== "complete") return failure("conflict", CHECKOUT_MESSAGES.notPaid);
    if (session.amountTotalPence !== checkout.totalPence || session.clientReferenceId !== checkout.id || (session.currency ?? "gbp").toLowerCase() !== "gbp") {
      // Money that does not match what was stored is never turned into an order automatically.
      log.error({ checkoutId: checkout.id, sessionId: session.id, paid: session.amountTotalPence, expected: checkout.totalPence }, "paid session does not match its checkout");
      return failure("conflict", CHECKOUT_MESSAGES.notPaid);
    }
    return createOrder(checkout, session.card);
  }

  return {
    provider,
    start,
    placeOnAccount,
    async isReturningCustomer(userId) {
      const contact = await accounts.contact(userId);
      return contact ? hasPaidOrder(db, userId, contact.email) : false;
    },
    async fulfilSession(providerSessionId, known) {
      const [checkout] = await db.select().from(checkouts).where(eq(checkouts.providerSessionId, providerSessionId)).limit(1);
      return fulfil(checkout, known);
    },
    async fulfilForOwner(userId, checkoutId) {
      const [checkout] = await db
        .select()
        .from(checkouts)
        .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)))
        .limit(1);
      return fulfil(checkout);
    },
    async sessionForOwner(userId, providerSessionId) {
      const [checkout] = await db
        .select({ id: checkouts.id })
        .from(checkouts)
        .where(and(eq(checkouts.providerSessionId, providerSessionId), eq(checkouts.userId, userId)))
        .limit(1);
      if (!checkout) return null;
      return provider.retrieveSession(providerSessionId);
    },
  };
}
