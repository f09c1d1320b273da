import { useCallback, useState } from "react";
import { Link } from "react-router";
import { orderDateText, orderTotalText } from "../../../domain/order-display";
import { fetchOrderPage, type OrderListEntry } from "../../lib/orders-api";
import { userIdStore } from "../../lib/auth";
import { LoadingState } from "../../components/loading-state";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/orders";
import { orderRef } from "../../../domain/order-ref";
import { DataTable } from "../../components/data-table";

export const meta: Route.MetaFunction = () => [{ title: "Your orders | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/** One page of the customer's orders; a failed fetch shows an empty list (spec section 8). */
const fetchPage = (userId: string, after: string | null) => fetchOrderPage(userId, after).catch(() => ({ entries: [] as OrderListEntry[], next: null }));

export default function OrdersPage() {
  const [entries, setEntries] = useState<OrderListEntry[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useSignedInLoad((userId, signal) => {
    void fetchPage(userId, null).then((page) => {
      if (signal.aborted) return;
      setEntries(page.entries);
      setNext(page.next);
    });
  });

  const loadMore = useCallback(async () => {
    const userId = userIdStore.get();
    if (!userId || !next) return;
    setLoadingMore(true);
    const page = await fetchPage(userId, next);
    setEntries((current) => [...(current ?? []), ...page.entries]);
    setNext(page.next);
    setLoadingMore(false);
  }, [next]);

  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="text-3xl font-bold">
        Your orders
      </h1>
      {entries === null ? (
        <LoadingState label="Loading..." rows={4} className="mt-6" />
      ) : entries.length === 0 ? (
        <div className="mt-6 rounded-lg bg-white p-8 text-center ring-1 ring-slate-200">
          <p className="text-lg font-semibold">No Orders</p>
          <Link to="/print" className="btn-primary mt-4">
            Start Shopping
          </Link>
        </div>
      ) : (
        <>
          {/* On a phone each order is a card; the table, with its View column, is for wider screens. */}
          <ul aria-label="Your orders" className="mt-6 space-y-3 sm:hidden">
            {entries.map((entry) => (
              <li key={entry.order_group_id}>
                <Link
                  to={`/my-account/orders/${entry.order_group_id}`}
                  aria-label={`View order ${entry.order_group_id}`}
                  className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <span className="flex items-baseline justify-between gap-3">
                    <span className="text-lg font-bold">Order {entry.order_group_id} <span className="text-sm font-semibold text-slate-600">{orderRef(entry.order_group_id)}</span></span>
                    <span className="font-semibold">{orderTotalText(entry.total_amount)}</span>
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">
                    {orderDateText(entry.created_at)}
                    {entry.products ? ` · ${entry.products} product${entry.products === 1 ? "" : "s"}` : ""}
                  </span>
                  <span className="mt-2 flex items-center justify-between">
                    <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-bold text-slate-700">{entry.status}</span>
                    <span className="text-sm font-semibold text-brand-700">View ›</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <DataTable
            className="relative mt-6 hidden sm:block"
            tableClassName="min-w-[36rem]"
            head={
              <>
                <th scope="col" className="px-4 py-3">Id</th>
                <th scope="col" className="px-4 py-3">Order Date</th>
                <th scope="col" className="px-4 py-3">Products</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3 text-right">Order Total</th>
                <th scope="col" className="px-4 py-3 text-right">View</th>
              </>
            }
          >
            {entries.map((entry) => (
              <tr key={entry.order_group_id} className="border-b border-slate-100 last:border-0">
                <td className="px-4 py-3 font-semibold">{entry.order_group_id} <span className="block text-xs font-normal text-slate-600">{orderRef(entry.order_group_id)}</span></td>
                <td className="px-4 py-3">{orderDateText(entry.created_at)}</td>
                <td className="px-4 py-3">{entry.products ?? ""}</td>
                <td className="px-4 py-3">{entry.status}</td>
                <td className="px-4 py-3 text-right">{orderTotalText(entry.total_amount)}</td>
                <td className="px-4 py-3 text-right">
                  <Link to={`/my-account/orders/${entry.order_group_id}`} className="font-semibold text-brand-700 hover:underline" aria-label={`View order ${entry.order_group_id}`}>
                    View
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
          {next ? (
            <div className="mt-4 text-center">
              <button type="button" className="btn-outline" onClick={() => void loadMore()} disabled={loadingMore}>
                {loadingMore ? "Loading..." : "Load More"}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
