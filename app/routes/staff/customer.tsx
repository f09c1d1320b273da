import { useEffect, useState } from "react";
import { Link, useParams, useRouteLoaderData } from "react-router";
import { formatUkDate } from "../../../domain/format";
import { formatPence } from "../../../domain/money";
import { errorMessage } from "../../lib/api-client";
import { fetchCustomer, TRADE_ACCOUNT_TEXT, type CustomerDetail } from "../../lib/staff-api";
import type { Route } from "./+types/customer";
import { DataTable } from "../../components/data-table";

export const meta: Route.MetaFunction = () => [{ title: "Customer | Printwise staff console" }, { name: "robots", content: "noindex" }];

/** One customer (ADR 045): their figures, orders (cancel and reprint live on the job), quotes and trade account. */
export default function StaffCustomer() {
  const { userId = "" } = useParams();
  const manager = useRouteLoaderData<{ manager?: boolean }>("routes/staff/layout")?.manager === true;
  const [customer, setCustomer] = useState<CustomerDetail | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchCustomer(userId, controller.signal).then(
      (found) => {
        setCustomer(found);
        setProblem(null);
      },
      (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error)),
    );
    return () => controller.abort();
  }, [userId]);

  if (problem) return <p role="alert" className="text-red-700">{problem}</p>;
  if (!customer || String(customer.user_id) !== userId) return <p className="text-slate-600">Loading customer…</p>;

  const figures: [string, string][] = [
    ["Orders", String(customer.orders)],
    ["Spend", formatPence(customer.spend_pence)],
    ["Refunds", formatPence(customer.refunded_pence)],
    ["Quotes", String(customer.quotes)],
    ["Trade account", TRADE_ACCOUNT_TEXT[customer.trade_account]],
  ];
  return (
    <section aria-labelledby="customer-heading" className="space-y-6">
      <p>
        <Link to="/staff/customers" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Customers
        </Link>
      </p>
      <div>
        <h1 id="customer-heading" className="text-2xl font-bold">{customer.name}</h1>
        <p className="text-slate-700">
          {customer.company ? `${customer.company} · ` : ""}
          {customer.email} · {customer.telephone}
          {customer.postcode ? ` · ${customer.postcode}` : ""}
        </p>
        <p className="text-sm text-slate-600">Customer since {formatUkDate(customer.since)}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {figures.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-white p-3 ring-1 ring-slate-200">
            <dt className="text-xs uppercase tracking-wide text-slate-600">{term}</dt>
            <dd className="text-lg font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-600">Spend is what their VAT invoices charged, less their credit notes; reprints cost nothing and are not counted.</p>

      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders" className="text-lg font-bold">Orders</h2>
        {customer.order_list.length === 0 ? (
          <p className="mt-2 text-slate-600">No orders yet.</p>
        ) : (
          <DataTable
            className="mt-2"
            tableClassName="min-w-[36rem]"
            head={
              <>
                <th scope="col" className="px-3 py-2">Order</th>
                <th scope="col" className="px-3 py-2">Placed</th>
                <th scope="col" className="px-3 py-2">Status</th>
                <th scope="col" className="px-3 py-2 text-right">Total</th>
                <th scope="col" className="px-3 py-2 text-right">Refunded</th>
              </>
            }
          >
            {customer.order_list.map((o) => (
              <tr key={o.order_group_id} className="border-b border-slate-100 last:border-0">
                <td className="px-3 py-2 whitespace-nowrap">
                  <Link to={`/staff/orders/${o.order_group_id}`} className="font-semibold text-brand-700 hover:underline">
                    {o.reference}
                  </Link>
                  {o.reprint_of !== null ? <span className="ml-2 text-xs font-semibold text-slate-600">Reprint</span> : null}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{formatUkDate(o.placed_at)}</td>
                <td className="px-3 py-2">{o.status}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{formatPence(o.total_pence)}</td>
                <td className="px-3 py-2 text-right whitespace-nowrap">{o.refunded_pence > 0 ? formatPence(o.refunded_pence) : ""}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <section aria-labelledby="customer-quotes">
        <h2 id="customer-quotes" className="text-lg font-bold">Quotes</h2>
        {customer.quote_list.length === 0 ? (
          <p className="mt-2 text-slate-600">No quotes.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg bg-white ring-1 ring-slate-200">
            {customer.quote_list.map((quote) => (
              <li key={quote.id} className="flex flex-wrap justify-between gap-2 px-3 py-2 text-sm">
                {manager ? (
                  <Link to={`/staff/quotes/${quote.id}`} className="font-semibold text-brand-700 hover:underline">
                    Quote {quote.number}
                  </Link>
                ) : (
                  <span className="font-semibold">Quote {quote.number}</span>
                )}
                <span>
                  {formatUkDate(quote.created_at)} · {quote.status} · {formatPence(quote.total_pence)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="customer-trade">
        <h2 id="customer-trade" className="text-lg font-bold">Trade account</h2>
        <p className="mt-2 text-sm">
          {customer.trade_account === "none" ? "No trade account." : customer.trade_account === "held" ? "Trade account, held." : "Trade account, open."}{" "}
          {manager ? (
            // Accounts are opened from the list (by email); an open one has its own page.
            <Link to={customer.trade_account === "none" ? "/staff/accounts" : `/staff/accounts/${customer.user_id}`} className="font-semibold text-brand-700 hover:underline">
              {customer.trade_account === "none" ? "Open a trade account" : "View the trade account"}
            </Link>
          ) : null}
        </p>
      </section>
    </section>
  );
}
