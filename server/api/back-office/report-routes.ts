import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isoDate } from "../../../domain/iso-date";
import { REPORT_PERIODS, salesReport, salesReportCsv } from "../../../domain/sales-report";
import { contentDisposition } from "../../front-door/content-disposition";
import { creditNotesIssued, invoicedSales } from "../../services/back-office/sales";
import { todayFigures } from "../../services/back-office/today";
import { declare } from "../declare";
import { replies } from "../schemas";

/** A report covers at most this many days (a year, leap or not). */
export const MAX_REPORT_DAYS = 366;

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;

export const salesReportQuery = z
  .object({ from: isoDate("from"), to: isoDate("to"), by: z.enum(REPORT_PERIODS, { error: "by must be day, month or quarter" }).default("month") })
  .refine((q) => q.from <= q.to, { message: "to must not be before from", path: ["to"] })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) <= MAX_REPORT_DAYS, { message: `A report covers at most ${MAX_REPORT_DAYS} days`, path: ["to"] });

const figures = {
  invoices: z.number().int(),
  creditNotes: z.number().int(),
  goodsPence: z.number().int(),
  discountsPence: z.number().int(),
  deliveryPence: z.number().int(),
  netPence: z.number().int(),
  vatPence: z.number().int(),
  grossPence: z.number().int(),
};
export const salesReportAnswer = z.object({
  from: z.string(),
  to: z.string(),
  by: z.enum(REPORT_PERIODS),
  periods: z.array(z.object({ period: z.string(), ...figures })),
  paymentMethods: z.array(z.object({ paymentMethod: z.string(), ...figures })),
  products: z.array(z.object({ productId: z.number().int(), productName: z.string(), quantity: z.number().int(), goodsPence: z.number().int(), discountsPence: z.number().int(), netGoodsPence: z.number().int() })),
  totals: z.object(figures),
});

const sales = { orders: z.number().int(), takingsPence: z.number().int() };
const figure = z.object({ count: z.number().int(), href: z.string() });
/** The Today page's figures (ADR 044): sales counted as the sales report counts them, and each job figure with the list behind it. */
export const todayAnswer = z.object({
  date: z.string(),
  weekFrom: z.string(),
  today: z.object(sales),
  week: z.object(sales),
  days: z.array(z.object({ date: z.string(), ...sales })),
  dueToday: figure,
  nextWorkingDay: z.string(),
  dueNextWorkingDay: figure,
  late: figure,
  artworkWaiting: figure,
  quotesToPrice: figure,
  overdueInvoices: figure,
  failedEmails: figure,
});

const salesAndCredits = async (db: Parameters<typeof invoicedSales>[0], from: string, to: string) => Promise.all([invoicedSales(db, from, to), creditNotesIssued(db, from, to)]);

/** The books for managers: sales and VAT from the VAT invoices, as JSON and as CSV for the accountant. */
export async function reportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, ordersDesk } = app.services;

  app.get(
    "/manage/today",
    declare({ auth: "manager", tag: "back office", summary: "Today at a glance: orders and takings today, this week and on each of the last 30 days (as the sales report counts them), jobs due out today and on the next working day, late jobs, artwork awaited over a working day, quotes to price, overdue trade invoices and failed emails, each with the list behind it" }, {
      response: replies({ 200: todayAnswer }, 401, 404),
    }),
    async () => todayFigures(db.db, ordersDesk),
  );

  app.get(
    "/manage/reports/sales",
    declare({ auth: "manager", tag: "back office", summary: "Sales from the VAT invoices dated from one UK day to another (at most a year): net, VAT, delivery, discounts and gross by day, month or calendar quarter, by payment method and by product" }, {
      querystring: salesReportQuery,
      response: replies({ 200: salesReportAnswer }, 400, 401, 404),
    }),
    async (request) => {
      const { from, to, by } = request.query;
      const [sales, credits] = await salesAndCredits(db.db, from, to);
      return { from, to, ...salesReport(sales, by, credits) };
    },
  );

  app.get(
    "/manage/reports/sales.csv",
    declare({ auth: "manager", tag: "back office", summary: "The same sales report as one CSV file: periods and their total, payment methods, products; amounts in pounds" }, {
      querystring: salesReportQuery,
      response: replies({ 200: z.string() }, 400, 401, 404),
    }),
    async (request, reply) => {
      const { from, to, by } = request.query;
      const [sales, credits] = await salesAndCredits(db.db, from, to);
      const csv = salesReportCsv(salesReport(sales, by, credits), { from, to });
      reply.header("content-disposition", contentDisposition("attachment", `sales-${from}-to-${to}-by-${by}.csv`));
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );
}
