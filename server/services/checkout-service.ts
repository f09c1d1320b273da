// From basket to a paid order, exactly once, for exactly the server's total (DECISIONS rules 5–7, 11).
// `start` re-prices the basket, re-checks the promo and stores a pending checkout before asking the
// payment provider for a hosted page; `fulfil` turns a paid session into one order group, however many
// times and from wherever (the customer's return, a webhook, the test page) it is called.
import { randomBytes } from "node:crypto";
import { and, eq, gt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { checkouts, counters, orderEvents, orderFiles, orderGroups, orders, promoCodes, users, type BlindShipping } from "../../db/schema";
import { addressLine, type SavedAddress } from "../../domain/address";
import { cardSummary } from "../../domain/card";
import {
  CHECKOUT_MESSAGES,
  lineSizeLabel,
  orderDeliveryDate,
  PAYMENT_CANCELLED_PATH,
  paymentLineItems,
  priceCheckoutLines,
  totalMismatchMessage,
  TOTAL_TOLERANCE_PENCE,
  type CheckoutLineRequest,
} from "../../domain/checkout";
import { formatDeliveryDate, formatPence } from "../../domain/format";
import { poundsToPence } from "../../domain/money";
import { promoOff } from "../../domain/promotion";
import { orderTotals } from "../../domain/totals";
import type { ShopDetails } from "../config";
import { orderConfirmationEmail } from "../integrations/email/templates";
import type { PaymentProvider, ProviderSession } from "../integrations/payments/payment-provider";
import type { AccountService } from "./account-service";
import type { CatalogueService } from "./catalogue-service";
import { enqueueEmail, type EmailSender } from "./email-outbox";
import type { Failure } from "./outcome";
import { minimumSpendMessage, PROMO_MESSAGES, type PromoService, type ValidPromo } from "./promo-service";

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
};

export type StartCheckoutResult =
  | { ok: true; url: string; checkoutId: string; totalPence: number }
  | Failure<{ serverTotalPence?: number }>;

export type FulfilResult =
  | { ok: true; orderGroupId: number; created: boolean }
  | { ok: false; reason: "unknown" | "unpaid" | "mismatch" };

export type CheckoutService = {
  start(input: StartCheckoutInput, now?: Date): Promise<StartCheckoutResult>;
  /** Creates the order for a paid provider session (once). Safe to call concurrently any number of times. */
  fulfilSession(providerSessionId: string, known?: ProviderSession): Promise<FulfilResult>;
  /** The same, by our checkout id (the client reference), for its owner only. */
  fulfilForOwner(userId: number, checkoutId: string): Promise<FulfilResult>;
  /** A customer (by account or email) with a paid order is not new (DECISIONS rule 7). */
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
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Runs after an order exists (every time fulfil answers it): reorders' artwork is copied here, once. */
  afterOrder?: (orderGroupId: number) => Promise<void>;
};

function newCheckoutId(): string {
  return `chk_${randomBytes(15).toString("base64url").replace(/[-_]/g, "x")}`;
}

export function createCheckoutService(deps: CheckoutServiceDeps): CheckoutService {
  const { db, provider, catalogue, promos, accounts, shop, sender, log } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  const messageIdDomain = shop.email.split("@")[1];
  // The built-in page lives on this shop, so its return addresses stay on whatever host the customer used.
  const returnBase = provider.kind === "test" ? "" : publicUrl;

  /** A customer (by account or email) with a paid order is not new (DECISIONS rule 7). */
  async function hasPaidOrder(tx: Db, userId: number, email: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: orderGroups.id })
      .from(orderGroups)
      .where(or(eq(orderGroups.userId, userId), sql`lower(${orderGroups.userEmail}) = ${email.toLowerCase()}`))
      .limit(1);
    return Boolean(row);
  }

  async function start(input: StartCheckoutInput, now = new Date()): Promise<StartCheckoutResult> {
    const contact = await accounts.contact(input.userId);
    if (!contact) return { ok: false, reason: "not-found", message: CHECKOUT_MESSAGES.accountProblem };
    if (input.lines.length === 0) return { ok: false, reason: "invalid", message: CHECKOUT_MESSAGES.emptyBasket };

    const saved = await accounts.addresses(input.userId);
    const billing = input.billing ?? saved.billing;
    const delivery = input.delivery ?? saved.delivery;
    if (!billing || !delivery) return { ok: false, reason: "invalid", message: CHECKOUT_MESSAGES.noAddress };

    const snapshot = await catalogue.snapshot();
    const priced = priceCheckoutLines(input.lines, (id) => snapshot.productById.get(id), now);
    if (!priced.ok) return { ok: false, reason: "invalid", message: priced.problems.map((p) => p.message).join("; ") };

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

    let promo: ValidPromo | null = null;
    const code = input.promoCode?.trim();
    if (code) {
      const checked = await promos.check(code, now);
      if (!checked.ok) return { ok: false, reason: "invalid", message: checked.message };
      promo = checked;
    }

    let totals = orderTotals(
      priced.lines.map((line) => line.linePence),
      promo ? promoOff(promo) : 0,
    );
    if (promo && totals.subTotalPence < promo.minSpendPence) return { ok: false, reason: "invalid", message: minimumSpendMessage(promo.minSpendPence) };
    // A code that takes nothing off (a few pence at a small percentage, or a basket of free items) is not
    // a use: it takes no slot.
    if (promo && totals.promoDiscountPence === 0) {
      promo = null;
      totals = orderTotals(priced.lines.map((line) => line.linePence), 0);
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

    const checkoutId = newCheckoutId();
    const reserved = await db.transaction(async (t) => {
      // A new checkout replaces the customer's unpaid ones: one open payment page per customer.
      const superseded = await t
        .update(checkouts)
        .set({ status: "superseded" })
        .where(and(eq(checkouts.userId, input.userId), eq(checkouts.status, "pending")))
        .returning({ providerSessionId: checkouts.providerSessionId });

      if (promo) {
        // The promo row is locked so two checkouts cannot both take its last use (PostgreSQL); PGlite runs
        // transactions one at a time anyway. Unpaid, unexpired checkouts hold a use until they lapse.
        const [row] = await t
          .select({ id: promoCodes.id, usageLimit: promoCodes.usageLimit, uses: promoCodes.uses })
          .from(promoCodes)
          .where(sql`lower(${promoCodes.code}) = ${promo.code.toLowerCase()}`)
          .for("update");
        if (!row) return { ok: false as const, message: PROMO_MESSAGES.unknown };
        const codeKey = promo.code.toLowerCase();
        const pendingWithCode = and(sql`lower(${checkouts.promoCode}) = ${codeKey}`, eq(checkouts.status, "pending"), gt(checkouts.expiresAt, sql`now()`));
        if (row.usageLimit !== null) {
          const [held] = await t.select({ n: sql<number>`count(*)::int` }).from(checkouts).where(pendingWithCode);
          if (row.uses + Number(held?.n ?? 0) >= row.usageLimit) return { ok: false as const, message: PROMO_MESSAGES["used-up"] };
        }
        if (promo.perCustomerLimit !== null) {
          // The customer by account or, for a guest's earlier orders, by email; their unpaid checkouts count too.
          const email = contact.email.toLowerCase();
          const [[paid], [pending]] = await Promise.all([
            t
              .select({ n: sql<number>`count(*)::int` })
              .from(orderGroups)
              .where(and(sql`lower(${orderGroups.promoCode}) = ${codeKey}`, gt(orderGroups.promoDiscountPence, 0), or(eq(orderGroups.userId, input.userId), sql`lower(${orderGroups.userEmail}) = ${email}`))),
            t
              .select({ n: sql<number>`count(*)::int` })
              .from(checkouts)
              .where(and(pendingWithCode, or(eq(checkouts.userId, input.userId), sql`lower(${checkouts.email}) = ${email}`))),
          ]);
          if (Number(paid?.n ?? 0) + Number(pending?.n ?? 0) >= promo.perCustomerLimit) return { ok: false as const, message: PROMO_MESSAGES.perCustomer };
        }
        if (promo.newCustomersOnly && (await hasPaidOrder(t, input.userId, contact.email))) {
          return { ok: false as const, message: NEW_CUSTOMERS_ONLY_MESSAGE };
        }
      }

      await t.insert(checkouts).values({
        id: checkoutId,
        userId: input.userId,
        email: contact.email,
        provider: provider.kind,
        lines: priced.lines,
        promoCode: promo?.code ?? null,
        promoBasisPoints: promo?.basisPoints ?? 0,
        ...totals,
        billing,
        delivery,
        blindShipping: input.blindShipping ?? null,
        poNumber: input.poNumber ?? null,
        expiresAt: new Date(now.getTime() + CHECKOUT_MINUTES * 60_000),
      });
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
    const outcome = await db.transaction(async (t) => {
      const [group] = await t
        .insert(orderGroups)
        .values({
          checkoutId: checkout.id,
          userId: checkout.userId,
          userEmail: checkout.email,
          status: "Awaiting Artwork",
          paymentStatus: "paid",
          paymentMethod: "card",
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          provider: checkout.provider,
          providerSessionId: checkout.providerSessionId!,
          subTotalPence: checkout.subTotalPence,
          promoCode: checkout.promoCode,
          promoBasisPoints: checkout.promoBasisPoints,
          promoDiscountPence: checkout.promoDiscountPence,
          deliveryPence: checkout.deliveryPence,
          vatPence: checkout.vatPence,
          totalPence: checkout.totalPence,
          billing: checkout.billing,
          delivery: checkout.delivery,
          blindShipping: checkout.blindShipping,
          poNumber: checkout.poNumber,
          deliveryDate: orderDeliveryDate(checkout.lines),
        })
        .onConflictDoNothing({ target: orderGroups.checkoutId })
        .returning({ id: orderGroups.id, createdAt: orderGroups.createdAt });
      if (!group) {
        // Another call made it first (it committed while we waited on the unique key).
        const [existing] = await t.select({ id: orderGroups.id }).from(orderGroups).where(eq(orderGroups.checkoutId, checkout.id));
        return { orderGroupId: existing!.id, created: false };
      }

      const items = await t
        .insert(orders)
        .values(
          checkout.lines.map((line, index) => ({
            orderGroupId: group.id,
            userId: checkout.userId,
            lineNumber: index + 1,
            productId: line.productId,
            productName: line.productName,
            productSlug: line.productSlug,
            image: line.image,
            quantity: line.quantity,
            versions: line.versions,
            widthMm: line.widthMm,
            heightMm: line.heightMm,
            orientation: line.orientation,
            fixedSize: line.fixedSize,
            attributes: line.attributes,
            express: line.express,
            unitPence: line.unitPence,
            undiscountedLinePence: line.undiscountedLinePence,
            tierPercent: line.tierPercent,
            linePence: line.linePence,
            deliveryDate: line.deliveryDate,
            status: "Awaiting Artwork" as const,
            reuseArtworkFrom: line.reuseArtworkFrom ?? null,
          })),
        )
        .returning({ id: orders.id });

      await t.insert(orderEvents).values([
        { orderGroupId: group.id, actor: "payment" as const, fromStatus: null, toStatus: "Awaiting Artwork", note: `Paid ${formatPence(checkout.totalPence)} by card` },
        ...items.map((item) => ({ orderGroupId: group.id, orderId: item.id, actor: "payment" as const, fromStatus: null, toStatus: "Awaiting Artwork" })),
      ]);
      if (checkout.promoCode && checkout.promoDiscountPence > 0) {
        await t.update(promoCodes).set({ uses: sql`${promoCodes.uses} + 1` }).where(sql`lower(${promoCodes.code}) = ${checkout.promoCode.toLowerCase()}`);
      }
      // Gap-free invoice numbers: the counter moves only if this transaction commits.
      const [invoice] = await t
        .insert(counters)
        .values({ name: "invoice", value: 1 })
        .onConflictDoUpdate({ target: counters.name, set: { value: sql`${counters.value} + 1` } })
        .returning({ value: counters.value });
      await t.update(orderGroups).set({ invoiceNumber: invoice!.value }).where(eq(orderGroups.id, group.id));
      await t.update(checkouts).set({ status: "paid", orderGroupId: group.id }).where(eq(checkouts.id, checkout.id));

      const [person] = await t.select({ firstname: users.firstname }).from(users).where(eq(users.id, checkout.userId));
      const content = orderConfirmationEmail(
        shop,
        {
          orderGroupId: group.id,
          createdAt: group.createdAt,
          firstname: person?.firstname ?? "",
          items: checkout.lines.map((line) => ({
            productName: line.productName,
            quantity: line.quantity,
            linePence: line.linePence,
            details: [lineSizeLabel(line), ...line.attributes.map((a) => a.subattribute_name)].filter(Boolean).join(", "),
          })),
          subTotalPence: checkout.subTotalPence,
          promoCode: checkout.promoCode,
          promoDiscountPence: checkout.promoDiscountPence,
          deliveryPence: checkout.deliveryPence,
          vatPence: checkout.vatPence,
          totalPence: checkout.totalPence,
          paymentMethod: cardSummary(card?.brand, card?.last4),
          billingLine: addressLine(checkout.billing),
          deliveryLine: addressLine(checkout.delivery),
          deliveryDate: formatDeliveryDate(orderDeliveryDate(checkout.lines)),
          orderUrl: `${publicUrl}/my-account/orders/${group.id}`,
          uploadUrl: `${publicUrl}/checkout/artwork-uploader?order_group_id=${group.id}`,
        },
        formatPence,
      );
      await enqueueEmail(t, { to: checkout.email, messageIdDomain, ...content });
      return { orderGroupId: group.id, created: true };
    });
    if (outcome.created) sender.kick();
    return { ok: true, ...outcome };
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
    if (!checkout || !checkout.providerSessionId) return { ok: false, reason: "unknown" };
    if (checkout.orderGroupId !== null) return { ok: true, orderGroupId: checkout.orderGroupId, created: false };
    const session = await paidSession(checkout.providerSessionId, known);
    if (!session) return { ok: false, reason: "unknown" };
    if (session.paymentStatus !== "paid" || session.status !== "complete") return { ok: false, reason: "unpaid" };
    if (session.amountTotalPence !== checkout.totalPence || session.clientReferenceId !== checkout.id || (session.currency ?? "gbp").toLowerCase() !== "gbp") {
      // Money that does not match what was stored is never turned into an order automatically.
      log.error({ checkoutId: checkout.id, sessionId: session.id, paid: session.amountTotalPence, expected: checkout.totalPence }, "paid session does not match its checkout");
      return { ok: false, reason: "mismatch" };
    }
    return createOrder(checkout, session.card);
  }

  return {
    provider,
    start,
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
