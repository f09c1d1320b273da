import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { csvRows } from "../../../domain/csv";
import { penceToPoundsText } from "../../../domain/money";
import { accountPaymentSchema, AGEING_BUCKETS, tradeAccountTermsSchema } from "../../../domain/trade-account";
import { contentDisposition } from "../../front-door/content-disposition";
import { requireUser } from "../../plugins/auth";
import { actorOf } from "../../services/back-office/audit";
import type { TradeAccountDetail, TradeAccountSummary } from "../../services/trade-account-service";
import { declare } from "../declare";
import { notFound, sendFailure, sendPdf } from "../failure";
import { idParams, replies } from "../schemas";

const standing = {
  userId: z.number().int(),
  customer: z.string(),
  email: z.string(),
  creditLimitPence: z.number().int(),
  termsDays: z.number().int(),
  held: z.boolean(),
  balancePence: z.number().int(),
  availablePence: z.number().int(),
  overduePence: z.number().int(),
  onHold: z.boolean(),
  holdReason: z.enum(["manual", "overdue"]).nullable(),
};
export const tradeAccountSummaryAnswer = z.object(standing);
export const tradeAccountAnswer = z.object({
  ...standing,
  invoices: z.array(z.object({ orderGroupId: z.number().int(), invoiceNumber: z.number().int(), invoiceDate: z.string(), dueDate: z.string(), totalPence: z.number().int(), paidPence: z.number().int() })),
  payments: z.array(z.object({ id: z.number().int(), orderGroupId: z.number().int(), invoiceNumber: z.number().int(), receivedOn: z.string(), amountPence: z.number().int(), reference: z.string() })),
  statement: z.array(z.object({ date: z.string(), kind: z.enum(["invoice", "payment"]), reference: z.string(), description: z.string(), debitPence: z.number().int(), creditPence: z.number().int(), balancePence: z.number().int() })),
});
export const myTradeAccountAnswer = z.object({ account: tradeAccountAnswer.nullable() });
export const tradeAccountListAnswer = z.object({ accounts: z.array(tradeAccountSummaryAnswer) });
export const receivablesAnswer = z.object({
  date: z.string(),
  buckets: z.array(z.string()),
  rows: z.array(z.object({ userId: z.number().int(), customer: z.string(), email: z.string(), bucketsPence: z.array(z.number().int()), totalPence: z.number().int() })),
  totals: z.object({ bucketsPence: z.array(z.number().int()), totalPence: z.number().int() }),
});
export const openTradeAccountBody = tradeAccountTermsSchema.extend({ email: z.string({ error: "The customer's email is required" }).trim().min(3, "The customer's email is required").max(254) });
export const updateTradeAccountBody = z
  .object({ creditLimitPence: tradeAccountTermsSchema.shape.creditLimitPence.optional(), termsDays: z.number().int().min(0).max(120).optional(), held: z.boolean().optional() })
  .refine((b) => b.creditLimitPence !== undefined || b.termsDays !== undefined || b.held !== undefined, { message: "Send creditLimitPence, termsDays or held" });

const summary = (a: TradeAccountSummary) => ({
  userId: a.userId,
  customer: a.customer,
  email: a.email,
  creditLimitPence: a.creditLimitPence,
  termsDays: a.termsDays,
  held: a.held,
  balancePence: a.balancePence,
  availablePence: a.availablePence,
  overduePence: a.overduePence,
  onHold: a.onHold,
  holdReason: a.holdReason,
});
const detail = (a: TradeAccountDetail) => ({ ...summary(a), invoices: a.invoices.map(({ orderGroupId, invoiceNumber, invoiceDate, dueDate, totalPence, paidPence }) => ({ orderGroupId, invoiceNumber, invoiceDate, dueDate, totalPence, paidPence })), payments: a.payments, statement: a.statement });

/** Pay on account: the customer's own account and statement, and the back office's accounts and receivables. */
export async function tradeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tradeAccounts, db } = app.services;
  const actor = (request: FastifyRequest) => actorOf(db.db, requireUser(request).userId);

  app.get(
    "/account/trade-account",
    declare({ auth: "customer", tag: "accounts", summary: "The customer's trade account (null when they have none): limit, terms, balance, what is overdue, hold, and the statement" }, { response: replies({ 200: myTradeAccountAnswer }, 401) }),
    async (request) => {
      const account = await tradeAccounts.detail(requireUser(request).userId);
      return { account: account ? detail(account) : null };
    },
  );

  app.get(
    "/account/trade-account/statement.pdf",
    declare({ auth: "customer", tag: "accounts", summary: "The customer's statement of account as a PDF: invoices, payments and the running balance, as of today" }, {}),
    async (request, reply) => sendPdf(reply, await tradeAccounts.statementPdf(requireUser(request).userId), "attachment"),
  );

  app.get(
    "/manage/trade-accounts",
    declare({ auth: "manager", tag: "back office", summary: "Every trade account with its limit, balance, overdue amount and hold" }, { response: replies({ 200: tradeAccountListAnswer }, 401, 404) }),
    async () => ({ accounts: (await tradeAccounts.list()).map(summary) }),
  );

  app.post(
    "/manage/trade-accounts",
    declare({ auth: "manager", tag: "back office", summary: "Opens a trade account for a customer (by email) with a credit limit in pence and terms in days (30 by default)" }, {
      body: openTradeAccountBody,
      response: replies({ 201: tradeAccountAnswer }, 400, 401, 404, 409),
    }),
    async (request, reply) => {
      const { email, ...terms } = request.body;
      const result = await tradeAccounts.open(email, terms, await actor(request));
      return result.ok ? reply.status(201).send(detail(result.account)) : sendFailure(reply, result);
    },
  );

  app.get(
    "/manage/trade-accounts/:userId",
    declare({ auth: "manager", tag: "back office", summary: "One trade account: its invoices with what is paid, its payments and its statement" }, { params: idParams("userId"), response: replies({ 200: tradeAccountAnswer }, 400, 401, 404) }),
    async (request, reply) => {
      const account = await tradeAccounts.detail(request.params.userId);
      return account ? detail(account) : notFound(reply);
    },
  );

  app.patch(
    "/manage/trade-accounts/:userId",
    declare({ auth: "manager", tag: "back office", summary: "Changes a trade account's credit limit or terms, or holds or releases it" }, {
      params: idParams("userId"),
      body: updateTradeAccountBody,
      response: replies({ 200: tradeAccountAnswer }, 400, 401, 404),
    }),
    async (request, reply) => {
      const result = await tradeAccounts.update(request.params.userId, request.body, await actor(request));
      return result.ok ? detail(result.account) : sendFailure(reply, result);
    },
  );

  app.post(
    "/manage/trade-accounts/:userId/payments",
    declare({ auth: "manager", tag: "back office", summary: "Records money received against one of the account's invoices, whole or part (never more than it still owes)" }, {
      params: idParams("userId"),
      body: accountPaymentSchema,
      response: replies({ 200: tradeAccountAnswer }, 400, 401, 404),
    }),
    async (request, reply) => {
      const result = await tradeAccounts.recordPayment(request.params.userId, request.body, await actor(request));
      return result.ok ? detail(result.account) : sendFailure(reply, result);
    },
  );

  app.get(
    "/manage/reports/receivables",
    declare({ auth: "manager", tag: "back office", summary: "Receivables aged by invoice date: what each customer owes at 0–30, 31–60, 61–90 and 90+ days, as of today" }, { response: replies({ 200: receivablesAnswer }, 401, 404) }),
    async () => ({ buckets: [...AGEING_BUCKETS], ...(await tradeAccounts.ageing()) }),
  );

  app.get(
    "/manage/reports/receivables.csv",
    declare({ auth: "manager", tag: "back office", summary: "The receivables ageing as CSV for the accountant (amounts in pounds)" }, { response: replies({ 200: z.string() }, 401, 404) }),
    async (_request, reply) => {
      const ageing = await tradeAccounts.ageing();
      const money = (pence: number) => penceToPoundsText(pence);
      const csv = csvRows([
        ["Customer", "Email", ...AGEING_BUCKETS, "Total"],
        ...ageing.rows.map((row) => [row.customer, row.email, ...row.bucketsPence.map(money), money(row.totalPence)]),
        ["Total", "", ...ageing.totals.bucketsPence.map(money), money(ageing.totals.totalPence)],
      ]);
      reply.header("content-disposition", contentDisposition("attachment", `receivables-${ageing.date}.csv`));
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );
}
