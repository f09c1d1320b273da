import multipart from "@fastify/multipart";
import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkoutLineRequestSchema } from "../../../domain/checkout";
import { guestQuickQuoteSchema, isCustomLine, QUICK_QUOTE_MAX_FILE_BYTES, QUICK_QUOTE_MAX_FILES, QUOTE_KINDS, QUOTE_MESSAGES, QUOTE_STATUSES, quickQuoteFormSchema, quickQuoteRequestSchema, quotePriceSchema } from "../../../domain/quote";
import { guestContactSchema } from "../../../domain/address";
import { sniffArtwork } from "../../artwork/sniff";
import { contentDisposition } from "../../front-door/content-disposition";
import { errorBody } from "../../front-door/errors";
import { requireUser } from "../../plugins/auth";
import { actorOf } from "../../services/back-office/audit";
import type { NewAttachment, QuoteView } from "../../services/quote-service";
import { failure, type Outcome } from "../../services/outcome";
import { declare } from "../declare";
import { notFound, sendFailure, sendPdf } from "../failure";
import { receiveMultipart, type ReceivedFile } from "../uploads";
import { sessionAnswer, sessionCookie } from "../accounts/routes";
import { idParams, replies } from "../schemas";

const lineAnswer = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productSlug: z.string(),
  image: z.string().nullable(),
  custom: z.boolean(),
  quantity: z.number().int(),
  versions: z.number().int(),
  widthMm: z.number().nullable(),
  heightMm: z.number().nullable(),
  orientation: z.enum(["Portrait", "Landscape"]).nullable(),
  fixedSize: z.string().nullable(),
  attributes: z.array(z.object({ group: z.string(), subattribute_id: z.number().int(), subattribute_name: z.string() })),
  linePence: z.number().int(),
});
const totalsAnswer = z.object({ subTotalPence: z.number().int(), deliveryPence: z.number().int(), vatPence: z.number().int(), totalPence: z.number().int() });

export const quoteAnswer = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.enum(QUOTE_KINDS),
  status: z.enum(QUOTE_STATUSES),
  expired: z.boolean(),
  validUntil: z.string().nullable(),
  createdAt: z.string(),
  customer: z.string(),
  email: z.string(),
  lines: z.array(lineAnswer),
  totals: totalsAnswer,
  turnaroundDays: z.number().int().nullable(),
  note: z.string(),
  orderGroupId: z.number().int().nullable(),
  request: quickQuoteRequestSchema.nullable(),
  attachments: z.array(z.object({ fileName: z.string(), sizeBytes: z.number().int() })),
  /** After expiry, a basket quote at today's prices (what the basket will hold). */
  todays: z.object({ lines: z.array(lineAnswer), totals: totalsAnswer, problems: z.array(z.string()) }).nullable(),
});
export const quoteListAnswer = z.object({ quotes: z.array(quoteAnswer.omit({ lines: true, todays: true, request: true, attachments: true }).extend({ summary: z.string() })) });
export const quoteCreatedAnswer = z.object({ quote: quoteAnswer });
/** A guest's Quick Quote: the request, and the session of the account made for it (stored as at checkout's sign-up). */
export const guestQuoteCreatedAnswer = quoteCreatedAnswer.extend(sessionAnswer.shape);
export const quoteFromBasketBody = z.object({ lines: z.array(checkoutLineRequestSchema).min(1, "Your basket is empty. Please add items to continue.").max(100) });

const line = (l: QuoteView["lines"][number]) => ({
  productId: l.productId,
  productName: l.productName,
  productSlug: l.productSlug,
  image: l.image,
  custom: isCustomLine(l),
  quantity: l.quantity,
  versions: l.versions,
  widthMm: l.widthMm,
  heightMm: l.heightMm,
  orientation: l.orientation,
  fixedSize: l.fixedSize,
  attributes: l.attributes,
  linePence: l.linePence,
});

export function serialiseQuote(q: QuoteView): z.infer<typeof quoteAnswer> {
  return {
    id: q.id,
    number: q.label,
    kind: q.kind,
    status: q.status,
    expired: q.expired,
    validUntil: q.validUntil,
    createdAt: q.createdAt.toISOString(),
    customer: q.customer,
    email: q.email,
    lines: q.lines.map(line),
    totals: { subTotalPence: q.subTotalPence, deliveryPence: q.deliveryPence, vatPence: q.vatPence, totalPence: q.totalPence },
    turnaroundDays: q.turnaroundDays,
    note: q.note,
    orderGroupId: q.orderGroupId,
    request: q.request,
    attachments: q.attachments.map((a) => ({ fileName: a.fileName, sizeBytes: a.sizeBytes })),
    todays: q.todays ? { lines: q.todays.lines.map(line), totals: { subTotalPence: q.todays.totals.subTotalPence, deliveryPence: q.todays.totals.deliveryPence, vatPence: q.todays.totals.vatPence, totalPence: q.todays.totals.totalPence }, problems: q.todays.problems } : null,
  };
}

function listEntry(q: QuoteView) {
  const { lines: _l, todays: _t, request: _r, attachments: _a, ...rest } = serialiseQuote(q);
  const summary = q.kind === "request" && q.request ? `${q.request.productKind}, ${q.request.size}, ${q.request.quantity}` : q.lines.map((l) => `${l.productName} × ${l.quantity}`).join(", ");
  return { ...rest, summary: summary.length > 120 ? `${summary.slice(0, 117)}…` : summary };
}

/** What a Quick Quote may carry: print files and pictures, read by their content. */
const ATTACHMENT_TYPES: Record<string, string> = { pdf: "application/pdf", jpeg: "image/jpeg", png: "image/png", tiff: "image/tiff", webp: "image/webp" };

/** The Quick Quote request's form: the request's own fields, `uploads` (resumable upload ids) and file1…file3. */
const QUICK_QUOTE_FORM = {
  files: Array.from({ length: QUICK_QUOTE_MAX_FILES }, (_, i) => `file${i + 1}`),
  fields: Object.keys(quickQuoteFormSchema.shape),
  schema: quickQuoteFormSchema,
};

/** A guest's Quick Quote: the request's fields, checkout's guest contact fields and file1…file3; no `uploads` (a guest has none). */
export const GUEST_QUICK_QUOTE_FORM = {
  files: QUICK_QUOTE_FORM.files,
  fields: [...Object.keys(quickQuoteRequestSchema.shape), ...Object.keys(guestContactSchema.shape)],
  schema: guestQuickQuoteSchema,
};

/** The first problem and every field's own, as a 400 answers them. */
function invalidForm(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path.map(String).join(".")] ??= issue.message;
  return { ...errorBody(issues[0]!.message, 400), errors };
}

/** The files sent in the request itself, read by their content; a file of another kind is the 422's message. */
async function sniffedFiles(received: Record<string, ReceivedFile>): Promise<Outcome<{ files: NewAttachment[] }>> {
  const files: NewAttachment[] = [];
  for (const field of QUICK_QUOTE_FORM.files) {
    const file = received[field];
    if (!file || file.size === 0) continue;
    const sniffed = await sniffArtwork(file.path);
    if (!sniffed.kind) return failure("unprocessable", `${file.fileName} is not a PDF, JPEG, PNG, TIFF or WebP file${sniffed.detected ? ` (it looks like ${sniffed.detected})` : ""}.`);
    files.push({ path: file.path, fileName: file.fileName, contentType: ATTACHMENT_TYPES[sniffed.kind]!, size: file.size });
  }
  return { ok: true, files };
}

export async function quoteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { quotes, config, db, uploads, accounts } = app.services;
  const tmpDir = path.join(config.dataDir, "tmp", "uploads");
  await app.register(multipart);
  const actor = (request: FastifyRequest) => actorOf(db.db, requireUser(request).userId);

  app.post(
    "/quotes",
    declare({ auth: "customer", tag: "quotes", limit: { max: 20, timeWindow: "1 hour" }, summary: "Saves the basket's lines as a numbered quote at today's prices, valid for 30 days; its PDF is emailed and kept in My Account" }, {
      body: quoteFromBasketBody,
      response: replies({ 201: quoteCreatedAnswer }, 400, 401, 404, 429),
    }),
    async (request, reply) => {
      const result = await quotes.fromBasket(requireUser(request).userId, request.body.lines);
      if (!result.ok) return sendFailure(reply, result);
      return reply.status(201).send({ quote: serialiseQuote(result.quote) });
    },
  );

  app.post(
    "/quote-requests",
    declare({ auth: "customer", tag: "quotes", limit: { max: 10, timeWindow: "1 hour" }, summary: `A Quick Quote request for work the configurator cannot price: multipart with productKind, size, quantity, material, deadline, notes and up to ${QUICK_QUOTE_MAX_FILES} files (file1…file${QUICK_QUOTE_MAX_FILES}; PDF, JPEG, PNG, TIFF or WebP, read by content, at most 25 MB each), or instead of the files \`uploads\`: the ids of the customer's completed resumable uploads (purpose quote-file), comma-separated`, form: QUICK_QUOTE_FORM }, {
      consumes: ["multipart/form-data"],
      response: replies({ 201: quoteCreatedAnswer }, 400, 401, 404, 413, 422, 429),
    }),
    async (request, reply) => {
      const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: QUICK_QUOTE_MAX_FILE_BYTES, maxFiles: QUICK_QUOTE_MAX_FILES });
      if (!received.ok) return reply.status(received.status).send(errorBody(received.message, received.status));
      try {
        const form = quickQuoteFormSchema.safeParse(received.value.fields);
        if (!form.success) return reply.status(400).send(invalidForm(form.error.issues));
        const { uploads: uploadIds, ...quickQuote } = form.data;
        const files: NewAttachment[] = [];
        // Files sent before, as resumable uploads (purpose quote-file): taken by this request, once.
        if (uploadIds.length + Object.keys(received.value.files).length > QUICK_QUOTE_MAX_FILES) return reply.status(400).send(errorBody(`Attach at most ${QUICK_QUOTE_MAX_FILES} files.`, 400));
        const claimed = await uploads.claim(requireUser(request).userId, "quote-file", uploadIds);
        if (!claimed.ok) return sendFailure(reply, claimed);
        let used = false;
        try {
          for (const file of claimed.files) files.push({ path: file.path, fileName: file.fileName, contentType: file.declaredType, size: file.size });
          const sent = await sniffedFiles(received.value.files);
          if (!sent.ok) return sendFailure(reply, sent);
          files.push(...sent.files);
          const result = await quotes.request(requireUser(request).userId, quickQuote, files);
          if (!result.ok) return sendFailure(reply, result);
          used = true;
          return reply.status(201).send({ quote: serialiseQuote(result.quote) });
        } finally {
          await claimed.settle(used);
        }
      } finally {
        await received.cleanup();
      }
    },
  );


  app.post(
    "/quote-requests/guest",
    declare({ auth: "public", tag: "quotes", limit: { max: 10, timeWindow: "1 hour" }, summary: `A guest's Quick Quote request: the signed-in request's fields and files (file1…file${QUICK_QUOTE_MAX_FILES}, read by content, at most 25 MB each) with checkout's guest contact fields (title, firstname, lastname, email, telephone, password, confirmPassword). The account is made at submit, as at checkout, and signed in: the answer carries its token and userId. An email that already has an account answers 409 and nothing is made. No \`uploads\`: a guest has no resumable uploads.`, form: GUEST_QUICK_QUOTE_FORM }, {
      consumes: ["multipart/form-data"],
      response: replies({ 201: guestQuoteCreatedAnswer }, 400, 409, 413, 422, 429),
    }),
    async (request, reply) => {
      const received = await receiveMultipart(request, reply, { tmpDir, maxFileBytes: QUICK_QUOTE_MAX_FILE_BYTES, maxFiles: QUICK_QUOTE_MAX_FILES });
      if (!received.ok) return reply.status(received.status).send(errorBody(received.message, received.status));
      try {
        // Resumable uploads belong to an account; a guest has none yet, so none can be named (nobody else's either).
        if (received.value.fields.uploads !== undefined) return reply.status(400).send(errorBody(QUOTE_MESSAGES.guestUploads, 400));
        const form = guestQuickQuoteSchema.safeParse(received.value.fields);
        if (!form.success) return reply.status(400).send(invalidForm(form.error.issues));
        // Every check that can refuse comes before the account is made, so a refused request leaves nothing behind.
        const sent = await sniffedFiles(received.value.files);
        if (!sent.ok) return sendFailure(reply, sent);
        const { title, firstname, lastname, email, telephone, password, productKind, size, quantity, material, deadline, notes } = form.data;
        // The account exactly as checkout's guest makes it (POST /api/auth/signup): the same service, site and role.
        const account = await accounts.signup({ title, firstname, lastname, email, telephone, password, site: "printwise" });
        if (!account.ok) return sendFailure(reply, { ...account, message: QUOTE_MESSAGES.guestEmailTaken });
        const result = await quotes.request(account.userId, { productKind, size, quantity, material, deadline, notes }, sent.files);
        if (!result.ok) return sendFailure(reply, result);
        reply.header("cache-control", "no-store");
        reply.header("set-cookie", sessionCookie(request, account.token));
        return reply.status(201).send({ quote: serialiseQuote(result.quote), token: account.token, userId: account.userId });
      } finally {
        await received.cleanup();
      }
    },
  );

  app.get(
    "/quotes",
    declare({ auth: "customer", tag: "quotes", summary: "The customer's quotes, newest first" }, { response: replies({ 200: quoteListAnswer }, 401) }),
    async (request) => ({ quotes: (await quotes.listForOwner(requireUser(request).userId)).map(listEntry) }),
  );

  app.get(
    "/quotes/:quoteId",
    declare({ auth: "customer", tag: "quotes", summary: "One of the customer's quotes: lines, totals, validity, and after expiry today's prices" }, { params: idParams("quoteId"), response: replies({ 200: quoteAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const quote = await quotes.forOwner(requireUser(request).userId, request.params.quoteId);
      return quote ? serialiseQuote(quote) : notFound(reply);
    },
  );

  app.get(
    "/quotes/:quoteId/pdf",
    declare({ auth: "customer", tag: "quotes", summary: "The quote's PDF (the same bytes at every download); 404 until it is priced" }, { params: idParams("quoteId") }),
    async (request, reply) => {
      const quote = await quotes.forOwner(requireUser(request).userId, request.params.quoteId);
      return sendPdf(reply, quote ? await quotes.pdf(quote) : null, "attachment");
    },
  );

  app.get(
    "/manage/quotes",
    declare({ auth: "manager", tag: "back office", summary: "Quotes, newest first; `status=requested` lists the Quick Quote requests waiting for a price" }, {
      querystring: z.object({ status: z.enum(QUOTE_STATUSES, { error: "status must be requested, open or ordered" }).optional() }),
      response: replies({ 200: quoteListAnswer }, 400, 401, 404),
    }),
    async (request) => ({ quotes: (await quotes.list(request.query.status ?? null)).map(listEntry) }),
  );

  app.get(
    "/manage/quotes/:quoteId",
    declare({ auth: "manager", tag: "back office", summary: "One quote or Quick Quote request, with the customer's form and files" }, { params: idParams("quoteId"), response: replies({ 200: quoteAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const quote = await quotes.get(request.params.quoteId);
      return quote ? serialiseQuote(quote) : notFound(reply);
    },
  );

  app.get(
    "/manage/quotes/:quoteId/attachments/:index",
    declare({ auth: "manager", tag: "back office", summary: "A file the customer sent with a Quick Quote request (index from 0)" }, {
      params: z.object({ quoteId: idParams("quoteId").shape.quoteId, index: z.coerce.number({ error: "index must be a number" }).int().min(0).max(QUICK_QUOTE_MAX_FILES - 1) }),
    }),
    async (request, reply) => {
      const file = await quotes.attachment(request.params.quoteId, request.params.index);
      if (!file) return notFound(reply);
      reply.header("content-disposition", contentDisposition("attachment", file.fileName));
      reply.header("cache-control", "private, no-store");
      return reply.type(file.contentType).send(file.bytes);
    },
  );

  app.post(
    "/manage/quotes/:quoteId/price",
    declare({ auth: "manager", tag: "back office", summary: "Prices a Quick Quote request: free lines with amounts in pence and the turnaround; the quote becomes valid for 30 days and its PDF is emailed" }, {
      params: idParams("quoteId"),
      body: quotePriceSchema,
      response: replies({ 200: quoteCreatedAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const result = await quotes.price(request.params.quoteId, request.body, await actor(request));
      return result.ok ? { quote: serialiseQuote(result.quote) } : sendFailure(reply, result);
    },
  );
}
