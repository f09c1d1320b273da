import { useCallback, useEffect, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { formatPence } from "../../../domain/money";
import { errorMessage } from "../../lib/api-client";
import { fetchCustomers, TRADE_ACCOUNT_TEXT, type CustomerSummary } from "../../lib/staff-api";
import type { Route } from "./+types/customers";
import { LoadMore } from "../../components/load-more";
import { DataTable } from "../../components/data-table";

export const meta: Route.MetaFunction = () => [{ title: "Customers | Printwise staff console" }, { name: "robots", content: "noindex" }];

/** Customers (ADR 045): found by name, email, company, postcode or phone; the search is the URL, so it can be shared. */
export default function StaffCustomers() {
  const [search] = useSearchParams();
  const q = (search.get("q") ?? "").trim();
  const [shown, setShown] = useState<{ q: string; customers: CustomerSummary[]; next: string | null } | null>(null);
  const customers = shown?.q === q ? shown.customers : null;
  const next = shown?.q === q ? shown.next : null;
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchCustomers(q, null, controller.signal).then(
      (page) => {
        setShown({ q, customers: page.customers, next: page.next_cursor });
        setProblem(null);
      },
      (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error)),
    );
    return () => controller.abort();
  }, [q]);

  const loadMore = useCallback(async () => {
    if (!next) return;
    try {
      const page = await fetchCustomers(q, next);
      setShown((current) => (current?.q === q ? { q, customers: [...current.customers, ...page.customers], next: page.next_cursor } : current));
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }, [next, q]);

  return (
    <section aria-labelledby="customers-heading">
      <h1 id="customers-heading" className="text-2xl font-bold">Customers</h1>
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div className="flex min-w-[16rem] flex-1 flex-col">
          <label htmlFor="customers-q" className="field-label">Find a customer</label>
          <input id="customers-q" type="search" name="q" defaultValue={q} key={q} maxLength={100} placeholder="Name, email, company, postcode or phone" className="field-input" />
        </div>
        <button type="submit" className="btn-primary">
          Search
        </button>
      </Form>
      {problem ? <p role="alert" className="mt-4 text-red-700">{problem}</p> : null}
      {customers === null && !problem ? <p className="mt-4 text-slate-600">Loading customers…</p> : null}
      {customers && customers.length === 0 ? <p className="mt-4 rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">{q ? `No customers match "${q}".` : "No customers yet."}</p> : null}
      {customers && customers.length > 0 ? (
        <DataTable
          className="mt-4"
          tableClassName="sm:min-w-[44rem]"
          stackOnPhone
          caption="Customers found"
          head={
            <>
              <th scope="col" className="px-3 py-2">Customer</th>
              <th scope="col" className="px-3 py-2">Phone</th>
              <th scope="col" className="px-3 py-2 text-right">Orders</th>
              <th scope="col" className="px-3 py-2 text-right">Spend</th>
              <th scope="col" className="px-3 py-2 text-right">Refunds</th>
              <th scope="col" className="px-3 py-2 text-right">Quotes</th>
              <th scope="col" className="px-3 py-2">Trade account</th>
            </>
          }
        >
          {customers.map((c) => (
            <tr key={c.user_id} className="border-b border-slate-100 align-top last:border-0" data-testid="customer-row">
              <td className="px-3 py-2">
                <Link to={`/staff/customers/${c.user_id}`} className="font-semibold text-brand-700 hover:underline">
                  {c.name}
                </Link>
                <span className="block break-all text-xs text-slate-600">
                  {c.company ? `${c.company} · ` : ""}
                  {c.email}
                  {c.postcode ? ` · ${c.postcode}` : ""}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap" data-label="Phone">{c.telephone}</td>
              <td className="stack-inline px-3 py-2 text-right" data-label="Orders">{c.orders}</td>
              <td className="stack-inline px-3 py-2 text-right whitespace-nowrap" data-label="Spend">{formatPence(c.spend_pence)}</td>
              <td className="stack-inline px-3 py-2 text-right whitespace-nowrap" data-label="Refunds">{formatPence(c.refunded_pence)}</td>
              <td className="stack-inline px-3 py-2 text-right" data-label="Quotes">{c.quotes}</td>
              <td className="px-3 py-2" data-label="Trade account">{TRADE_ACCOUNT_TEXT[c.trade_account]}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      <LoadMore next={next} onLoadMore={loadMore} />
    </section>
  );
}
