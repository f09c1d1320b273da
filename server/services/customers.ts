// Customers (/staff/customers, ADR 045): staff and managers find a customer by name, email, company,
// postcode or phone, and see what they have bought. Spend is the books' figure for that customer: the
// totals of their VAT invoices less their VAT credit notes (the sales report's rule, sales.ts), so
// reprints and failed refunds never count. Keyset-paged by user id, newest customer first.
import { and, desc, eq, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderGroups, quotes, refunds, tradeAccounts, userAddresses, users } from "../../db/schema";
import type { OrderStatus } from "../../domain/order-status";
import type { QuoteStatus } from "../../domain/quote";
import { isInvoicedSale, isIssuedCreditNote } from "./back-office/sales";

export type TradeStatus = "none" | "open" | "held";

export type CustomerSummary = {
  userId: number;
  name: string;
  email: string;
  telephone: string;
  company: string;
  postcode: string;
  orders: number;
  spendPence: number;
  refundedPence: number;
  quotes: number;
  trade: TradeStatus;
};

export type CustomerOrder = { orderGroupId: number; placedAt: string; status: OrderStatus; totalPence: number; refundedPence: number; paymentMethod: string; reprintOf: number | null };
export type CustomerQuote = { id: number; number: number; status: QuoteStatus; totalPence: number; createdAt: string };
export type CustomerDetail = CustomerSummary & { since: string; orderList: CustomerOrder[]; quoteList: CustomerQuote[] };

export type CustomerDirectory = {
  /** Customers matching `q` (any of its fields, any case), newest first, after the customer `after`. */
  page(q: string | undefined, limit: number, after?: number): Promise<{ customers: CustomerSummary[]; next: number | null }>;
  /** One customer with their orders and quotes; null for an unknown id or a member of staff. */
  detail(userId: number): Promise<CustomerDetail | null>;
};

/** `text` for a LIKE pattern: its own % _ and \ match themselves. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function searchCondition(text: string): SQL {
  const lower = `%${likeEscaped(text.toLowerCase())}%`;
  const compact = `%${likeEscaped(text.replace(/\s+/g, "").toUpperCase())}%`;
  const digits = text.replace(/\D/g, "");
  const any: SQL[] = [
    sql`lower(${users.firstname} || ' ' || ${users.lastname}) like ${lower}`,
    sql`lower(${users.email}) like ${lower}`,
    sql`exists (select 1 from ${userAddresses} where ${userAddresses.userId} = ${users.id}
      and (lower(${userAddresses.company}) like ${lower} or upper(replace(${userAddresses.postcode}, ' ', '')) like ${compact}))`,
    sql`exists (select 1 from ${orderGroups} where ${orderGroups.userId} = ${users.id}
      and (lower(${orderGroups.billing} ->> 'company') like ${lower}
        or upper(replace(${orderGroups.billing} ->> 'postcode', ' ', '')) like ${compact}
        or upper(replace(${orderGroups.delivery} ->> 'postcode', ' ', '')) like ${compact}))`,
  ];
  // A phone number is matched on its digits, whatever spaces or dashes were typed.
  if (digits.length >= 3 && /^[\d\s()+-]+$/.test(text)) any.push(sql`regexp_replace(${users.telephone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  return sql`(${sql.join(any, sql` or `)})`;
}

// These subqueries name users.id: the selects that use them join trade_accounts, so drizzle qualifies every column.
const ordersCount = sql<number>`(select count(*) from ${orderGroups} where ${orderGroups.userId} = ${users.id} and ${orderGroups.reprintOf} is null)::int`;
const invoicedPence = sql<number>`(select coalesce(sum(${orderGroups.totalPence}), 0) from ${orderGroups} where ${orderGroups.userId} = ${users.id} and ${isInvoicedSale()})::int`;
const creditedPence = sql<number>`(select coalesce(sum(${refunds.amountPence}), 0) from ${refunds} join ${orderGroups} on ${orderGroups.id} = ${refunds.orderGroupId} where ${orderGroups.userId} = ${users.id} and ${isIssuedCreditNote()})::int`;
const quotesCount = sql<number>`(select count(*) from ${quotes} where ${quotes.userId} = ${users.id})::int`;
const billingOf = (column: typeof userAddresses.company | typeof userAddresses.postcode) => sql<string | null>`(select ${column} from ${userAddresses} where ${userAddresses.userId} = ${users.id} order by ${userAddresses.kind} asc limit 1)`;

const summaryColumns = {
  userId: users.id,
  firstname: users.firstname,
  lastname: users.lastname,
  email: users.email,
  telephone: users.telephone,
  createdAt: users.createdAt,
  company: billingOf(userAddresses.company),
  postcode: billingOf(userAddresses.postcode),
  orders: ordersCount,
  invoicedPence,
  creditedPence,
  quotes: quotesCount,
  tradeHeld: tradeAccounts.held,
};

type SummaryRow = { userId: number; firstname: string; lastname: string; email: string; telephone: string; company: string | null; postcode: string | null; orders: number; invoicedPence: number; creditedPence: number; quotes: number; tradeHeld: boolean | null };

function summary(row: SummaryRow): CustomerSummary {
  return {
    userId: row.userId,
    name: `${row.firstname} ${row.lastname}`.trim(),
    email: row.email,
    telephone: row.telephone,
    company: row.company ?? "",
    postcode: row.postcode ?? "",
    orders: Number(row.orders),
    spendPence: Number(row.invoicedPence) - Number(row.creditedPence),
    refundedPence: Number(row.creditedPence),
    quotes: Number(row.quotes),
    trade: row.tradeHeld === null ? "none" : row.tradeHeld ? "held" : "open",
  };
}

export function createCustomerDirectory(db: Db): CustomerDirectory {
  const customers = () => db.select(summaryColumns).from(users).leftJoin(tradeAccounts, eq(tradeAccounts.userId, users.id));
  return {
    async page(q, limit, after) {
      const where: SQL[] = [eq(users.role, "user")];
      const text = q?.trim();
      if (text) where.push(searchCondition(text));
      if (after !== undefined) where.push(lt(users.id, after));
      const rows = await customers()
        .where(and(...where))
        .orderBy(desc(users.id))
        .limit(limit + 1);
      const pageRows = rows.slice(0, limit);
      return { customers: pageRows.map(summary), next: rows.length > limit ? pageRows.at(-1)!.userId : null };
    },

    async detail(userId) {
      const [row] = await customers().where(and(eq(users.id, userId), eq(users.role, "user")));
      if (!row) return null;
      // What each order's credit notes gave back (joined, not correlated: a one-table select names its columns bare).
      const credited = db
        .select({ orderGroupId: refunds.orderGroupId, creditedPence: sql<number>`sum(${refunds.amountPence})::int`.as("credited_pence") })
        .from(refunds)
        .where(isIssuedCreditNote())
        .groupBy(refunds.orderGroupId)
        .as("credited");
      const [orderRows, quoteRows] = await Promise.all([
        db
          .select({ orderGroupId: orderGroups.id, createdAt: orderGroups.createdAt, status: orderGroups.status, totalPence: orderGroups.totalPence, refundedPence: sql<number>`coalesce(${credited.creditedPence}, 0)::int`, paymentMethod: orderGroups.paymentMethod, reprintOf: orderGroups.reprintOf })
          .from(orderGroups)
          .leftJoin(credited, eq(credited.orderGroupId, orderGroups.id))
          .where(eq(orderGroups.userId, userId))
          .orderBy(desc(orderGroups.createdAt), desc(orderGroups.id)),
        db
          .select({ id: quotes.id, number: quotes.number, status: quotes.status, totalPence: quotes.totalPence, createdAt: quotes.createdAt })
          .from(quotes)
          .where(eq(quotes.userId, userId))
          .orderBy(desc(quotes.id)),
      ]);
      return {
        ...summary(row),
        since: row.createdAt.toISOString(),
        orderList: orderRows.map((o) => ({ ...o, placedAt: o.createdAt.toISOString(), refundedPence: Number(o.refundedPence) })).map(({ createdAt: _, ...o }) => o),
        quoteList: quoteRows.map((q) => ({ ...q, createdAt: q.createdAt.toISOString() })),
      };
    },
  };
}
