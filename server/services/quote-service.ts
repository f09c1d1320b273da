// Formal quotes (issue 23). A basket becomes a numbered quote priced by the catalogue; a Quick Quote
// request becomes one when a manager prices it. Each is numbered from the gap-free `quote` counter in the
// transaction that writes it, its PDF is rendered once (the same bytes at every download) and emailed
// through the outbox in that transaction, and checkout takes its lines at the quoted figures while valid.
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { quotes, users, type QuoteAttachment } from "../../db/schema";
import { nextNumber } from "./numbering";
import { priceCheckoutLines, type CheckoutLine, type CheckoutLineRequest } from "../../domain/checkout";
import { deliveryDate } from "../../domain/delivery";
import { formatLongDate, formatPence } from "../../domain/format";
import {
  customQuoteLine,
  DEFAULT_QUOTE_TURNAROUND_DAYS,
  isCustomLine,
  quoteIsValid,
  quoteLineRequest,
  QUOTE_MESSAGES,
  quoteNumberLabel,
  quoteValidUntil,
  type QuickQuoteRequest,
  type QuotePrice,
  type QuoteStatus,
} from "../../domain/quote";
import { orderTotals, type OrderTotals } from "../../domain/totals";
import type { ShopDetails } from "../config";
import { quoteEmail, quoteRequestAcknowledgement, quoteRequestToShop } from "../integrations/email/templates";
import type { FileStorage } from "../integrations/storage/storage";
import { recordAudit, type Actor } from "./back-office/audit";
import type { CatalogueService } from "./catalogue-service";
import { enqueueEmail, type EmailSender } from "./email-outbox";
import { billingOf, renderQuotePdf } from "./quote-document";
import { failure, type Outcome } from "./outcome";

export type QuoteRow = typeof quotes.$inferSelect;

/** A quote as its owner or a manager sees it: the row, its label and whether its prices still hold. */
export type QuoteView = QuoteRow & {
  label: string;
  expired: boolean;
  /** After expiry, a basket quote's lines at today's prices (null when still valid, or not a basket quote). */
  todays: { lines: CheckoutLine[]; totals: OrderTotals; problems: string[] } | null;
  customer: string;
};

export type NewAttachment = { path: string; fileName: string; contentType: string; size: number };

export type QuoteService = {
  fromBasket(userId: number, lines: CheckoutLineRequest[], now?: Date): Promise<Outcome<{ quote: QuoteView }>>;
  request(userId: number, form: QuickQuoteRequest, files: NewAttachment[], now?: Date): Promise<Outcome<{ quote: QuoteView }>>;
  price(quoteId: number, price: QuotePrice, actor: Actor, now?: Date): Promise<Outcome<{ quote: QuoteView }>>;
  listForOwner(userId: number, now?: Date): Promise<QuoteView[]>;
  forOwner(userId: number, quoteId: number, now?: Date): Promise<QuoteView | null>;
  list(status: QuoteStatus | null, now?: Date): Promise<QuoteView[]>;
  get(quoteId: number, now?: Date): Promise<QuoteView | null>;
  pdf(quote: QuoteView): Promise<{ bytes: Buffer; fileName: string } | null>;
  attachment(quoteId: number, index: number): Promise<{ bytes: Buffer; fileName: string; contentType: string } | null>;
  /** For checkout: the quote's lines at its figures, with delivery dates from today; refused unless open and valid. */
  checkoutLines(userId: number, quoteId: number, now: Date): Promise<Outcome<{ lines: CheckoutLine[] }>>;
};

export type QuoteServiceDeps = {
  db: Db;
  catalogue: CatalogueService;
  storage: FileStorage;
  shop: ShopDetails;
  publicUrl: string;
  sender: Pick<EmailSender, "kick">;
};

const pdfKey = (quote: Pick<QuoteRow, "id" | "number">) => `quotes/${quote.id}/${quoteNumberLabel(quote.number)}.pdf`;

export function createQuoteService(deps: QuoteServiceDeps): QuoteService {
  const { db, catalogue, storage, shop, sender } = deps;
  const publicUrl = deps.publicUrl.replace(/\/$/, "");
  const messageIdDomain = shop.email.split("@")[1];

  async function customerOf(t: Db | Tx, userId: number) {
    const [person] = await t.select({ firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(eq(users.id, userId));
    return person ?? null;
  }

  async function view(row: QuoteRow, now: Date, customer?: string): Promise<QuoteView> {
    const label = quoteNumberLabel(row.number);
    const expired = row.status === "open" && !quoteIsValid(row.validUntil, now);
    let todays: QuoteView["todays"] = null;
    if (expired && row.kind === "basket") {
      const snapshot = await catalogue.snapshot();
      const problems: string[] = [];
      const lines: CheckoutLine[] = [];
      row.lines.forEach((line, index) => {
        const priced = priceCheckoutLines([quoteLineRequest(line)], (id) => snapshot.productById.get(id), now);
        if (priced.ok) lines.push(priced.lines[0]!);
        else problems.push(priced.problems.map((p) => p.message.replace(/^Line 1/, `Line ${index + 1}`)).join("; "));
      });
      todays = { lines, totals: orderTotals(lines.map((line) => line.linePence), 0), problems };
    }
    return { ...row, label, expired, todays, customer: customer ?? "" };
  }

  /** Queues the priced quote's email with its PDF (inside the transaction that priced it). */
  async function sendQuote(t: Tx, row: QuoteRow, pdf: Buffer, firstname: string): Promise<void> {
    const content = quoteEmail(shop, {
      firstname,
      label: quoteNumberLabel(row.number),
      total: formatPence(row.totalPence),
      validUntil: formatLongDate(row.validUntil!),
      quoteUrl: `${publicUrl}/my-account/quotes/${row.id}`,
      note: row.note,
    });
    await enqueueEmail(t, { to: row.email, messageIdDomain, ...content, attachments: [{ fileName: `${quoteNumberLabel(row.number)}.pdf`, contentType: "application/pdf", content: pdf }] });
  }

  return {
    async fromBasket(userId, requests, now = new Date()) {
      const person = await customerOf(db, userId);
      if (!person) return failure("not-found", QUOTE_MESSAGES.notFound);
      const snapshot = await catalogue.snapshot();
      const priced = priceCheckoutLines(
        requests.map((request) => ({ ...request, reuseArtworkFrom: null })),
        (id) => snapshot.productById.get(id),
        now,
      );
      if (!priced.ok) return failure("invalid", priced.problems.map((p) => p.message).join("; "));
      const totals = orderTotals(priced.lines.map((line) => line.linePence), 0);
      const billing = await billingOf(db, userId);
      const made = await db.transaction(async (t) => {
        const number = await nextNumber(t, "quote");
        const [row] = await t
          .insert(quotes)
          .values({
            number,
            userId,
            email: person.email,
            kind: "basket",
            status: "open",
            lines: priced.lines,
            subTotalPence: totals.subTotalPence,
            deliveryPence: totals.deliveryPence,
            vatPence: totals.vatPence,
            totalPence: totals.totalPence,
            validUntil: quoteValidUntil(now),
            pricedAt: now,
          })
          .returning();
        const pdf = await renderQuotePdf(shop, publicUrl, row!, person, billing);
        await sendQuote(t, row!, pdf, person.firstname);
        return { row: row!, pdf };
      });
      await storage.putBuffer(pdfKey(made.row), made.pdf, "application/pdf");
      sender.kick();
      return { ok: true, quote: await view(made.row, now, `${person.firstname} ${person.lastname}`) };
    },

    async request(userId, form, files, now = new Date()) {
      const person = await customerOf(db, userId);
      if (!person) return failure("not-found", QUOTE_MESSAGES.notFound);
      // The files are stored first, in a folder of their own under a name nobody can guess; if the request
      // is not saved after all, the folder is removed again, so no file outlives its request.
      const folder = `quote-requests/${randomUUID()}/`;
      const attachments: QuoteAttachment[] = [];
      const row = await (async () => {
        for (const [index, file] of files.entries()) {
          const key = `${folder}${index + 1}`;
          await storage.putFile(key, file.path, file.contentType);
          attachments.push({ key, fileName: file.fileName, contentType: file.contentType, sizeBytes: file.size });
        }
        return db.transaction(async (t) => {
          const number = await nextNumber(t, "quote");
          const [created] = await t.insert(quotes).values({ number, userId, email: person.email, kind: "request", status: "requested", request: form, attachments, createdAt: now }).returning();
          const label = quoteNumberLabel(number);
          const summary = [
            `What: ${form.productKind}`,
            `Size: ${form.size}`,
            `Quantity: ${form.quantity}`,
            ...(form.material ? [`Material: ${form.material}`] : []),
            ...(form.deadline ? [`Needed by: ${formatLongDate(form.deadline)}`] : []),
            ...(form.notes ? [`Notes: ${form.notes}`] : []),
            `Files: ${attachments.length === 0 ? "none" : attachments.map((a) => a.fileName).join(", ")}`,
          ].join("\n");
          await enqueueEmail(t, { to: shop.email, replyTo: person.email, messageIdDomain, ...quoteRequestToShop(shop, { label, customer: `${person.firstname} ${person.lastname}`, email: person.email, summary, manageUrl: `${publicUrl}/staff/quotes/${created!.id}` }) });
          await enqueueEmail(t, { to: person.email, messageIdDomain, ...quoteRequestAcknowledgement(shop, { firstname: person.firstname, label, quoteUrl: `${publicUrl}/my-account/quotes/${created!.id}` }) });
          return created!;
        });
      })().catch(async (error: unknown) => {
        await storage.deletePrefix(folder).catch(() => {});
        throw error;
      });
      sender.kick();
      return { ok: true, quote: await view(row, now, `${person.firstname} ${person.lastname}`) };
    },

    async price(quoteId, price, actor, now = new Date()) {
      const [existing] = await db.select({ userId: quotes.userId }).from(quotes).where(eq(quotes.id, quoteId));
      if (!existing) return failure("not-found", QUOTE_MESSAGES.notFound);
      const person = await customerOf(db, existing.userId);
      const billing = await billingOf(db, existing.userId);
      const outcome = await db.transaction(async (t) => {
        // Locked: two managers pricing the same request at once, the second is told it is done.
        const [row] = await t.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
        if (!row) return failure("not-found", QUOTE_MESSAGES.notFound);
        if (row.status !== "requested") return failure("conflict", QUOTE_MESSAGES.alreadyPriced(quoteNumberLabel(row.number)));
        // The delivery date is set when the quote is ordered (turnaround from that day); "" until then.
        const lines = price.lines.map((line) => customQuoteLine(line, ""));
        const totals = orderTotals(lines.map((line) => line.linePence), 0);
        const [priced] = await t
          .update(quotes)
          .set({
            status: "open",
            lines,
            subTotalPence: totals.subTotalPence,
            deliveryPence: totals.deliveryPence,
            vatPence: totals.vatPence,
            totalPence: totals.totalPence,
            turnaroundDays: price.turnaroundDays,
            note: price.note,
            validUntil: quoteValidUntil(now),
            pricedAt: now,
            pricedBy: actor.userId,
          })
          .where(eq(quotes.id, quoteId))
          .returning();
        const pdf = await renderQuotePdf(shop, publicUrl, priced!, person ?? { firstname: "", lastname: "", email: row.email }, billing);
        await sendQuote(t, priced!, pdf, person?.firstname ?? "");
        await recordAudit(t, actor, { action: "price", entityType: "quote", entityId: String(quoteId), summary: `Priced ${quoteNumberLabel(row.number)} at ${formatPence(totals.totalPence)}`, before: { status: row.status }, after: { status: "open", lines: price.lines, turnaroundDays: price.turnaroundDays, totalPence: totals.totalPence } });
        return { ok: true as const, row: priced!, pdf };
      });
      if (!outcome.ok) return outcome;
      await storage.putBuffer(pdfKey(outcome.row), outcome.pdf, "application/pdf");
      sender.kick();
      return { ok: true, quote: await view(outcome.row, now, person ? `${person.firstname} ${person.lastname}` : "") };
    },

    async listForOwner(userId, now = new Date()) {
      const rows = await db.select().from(quotes).where(eq(quotes.userId, userId)).orderBy(desc(quotes.id)).limit(200);
      return Promise.all(rows.map((row) => view(row, now)));
    },

    async forOwner(userId, quoteId, now = new Date()) {
      const [row] = await db.select().from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
      return row ? view(row, now) : null;
    },

    async list(status, now = new Date()) {
      const rows = await db
        .select({ quote: quotes, firstname: users.firstname, lastname: users.lastname })
        .from(quotes)
        .innerJoin(users, eq(users.id, quotes.userId))
        .where(status ? eq(quotes.status, status) : undefined)
        .orderBy(desc(quotes.id))
        .limit(200);
      return Promise.all(rows.map((r) => view(r.quote, now, `${r.firstname} ${r.lastname}`)));
    },

    async get(quoteId, now = new Date()) {
      const [r] = await db
        .select({ quote: quotes, firstname: users.firstname, lastname: users.lastname })
        .from(quotes)
        .innerJoin(users, eq(users.id, quotes.userId))
        .where(eq(quotes.id, quoteId));
      return r ? view(r.quote, now, `${r.firstname} ${r.lastname}`) : null;
    },

    async pdf(quote) {
      if (quote.status === "requested" || !quote.validUntil) return null;
      const fileName = `${quote.label}.pdf`;
      const kept = await storage.read(pdfKey(quote));
      if (kept) return { bytes: kept, fileName };
      // Written after the pricing committed; if that write was lost, the same bytes are made again.
      const person = (await customerOf(db, quote.userId)) ?? { firstname: "", lastname: "", email: quote.email };
      const bytes = await renderQuotePdf(shop, publicUrl, quote, person, await billingOf(db, quote.userId));
      await storage.putBuffer(pdfKey(quote), bytes, "application/pdf");
      return { bytes, fileName };
    },

    async attachment(quoteId, index) {
      const [row] = await db.select({ attachments: quotes.attachments }).from(quotes).where(eq(quotes.id, quoteId));
      const file = row?.attachments[index];
      if (!file) return null;
      const bytes = await storage.read(file.key);
      return bytes ? { bytes, fileName: file.fileName, contentType: file.contentType } : null;
    },

    async checkoutLines(userId, quoteId, now) {
      const [row] = await db.select().from(quotes).where(and(eq(quotes.id, quoteId), eq(quotes.userId, userId)));
      if (!row) return failure("not-found", QUOTE_MESSAGES.notFound);
      const label = quoteNumberLabel(row.number);
      if (row.status === "requested") return failure("invalid", QUOTE_MESSAGES.notPriced(label));
      if (row.status === "ordered") return failure("conflict", QUOTE_MESSAGES.ordered(label));
      if (!quoteIsValid(row.validUntil, now)) return failure("conflict", row.kind === "basket" ? QUOTE_MESSAGES.expired(label, row.validUntil!) : QUOTE_MESSAGES.requestExpired(label, row.validUntil!));
      const snapshot = await catalogue.snapshot();
      const lines: CheckoutLine[] = [];
      for (const [index, line] of row.lines.entries()) {
        if (isCustomLine(line)) {
          lines.push({ ...line, deliveryDate: deliveryDate(now, row.turnaroundDays ?? DEFAULT_QUOTE_TURNAROUND_DAYS) });
          continue;
        }
        // The product must still be made as quoted; today's catalogue gives the delivery date, the quote the price.
        const today = priceCheckoutLines([quoteLineRequest(line)], (id) => snapshot.productById.get(id), now);
        if (!today.ok) return failure("invalid", `${label}, line ${index + 1} (${line.productName}): ${today.problems[0]!.message.replace(/^Line 1( \([^)]*\))?: /, "")}`);
        lines.push({ ...today.lines[0]!, unitPence: line.unitPence, undiscountedLinePence: line.undiscountedLinePence, tierPercent: line.tierPercent, linePence: line.linePence });
      }
      return { ok: true, lines };
    },
  };
}
