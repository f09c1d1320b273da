import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatUkDate } from "../../../domain/format";
import { formatPence } from "../../../domain/money";
import { dispatchDayText, DESK_PAYMENT_LABELS, type DeskPayment } from "../../../domain/orders-desk";
import { BulkBar } from "../../components/orders-desk/bulk-bar";
import { DeskFilters } from "../../components/orders-desk/filters";
import { errorMessage } from "../../lib/api-client";
import { fetchDesk, type DeskOrder } from "../../lib/staff-api";
import { useRootData } from "../../root";
import { LoadMore } from "../../components/load-more";
import { DataTable } from "../../components/data-table";

const URGENCY_BADGE: Record<DeskOrder["urgency"], { text: string; className: string } | null> = {
  late: { text: "Late", className: "bg-red-100 text-red-800" },
  "at-risk": { text: "At risk", className: "bg-amber-100 text-amber-900" },
  "on-time": null,
  done: null,
};

const paymentText = (method: string) => DESK_PAYMENT_LABELS[method as DeskPayment] ?? method;

/** The orders desk: every order, found by search and filters, sorted and paged; the URL is the view. */
export default function StaffOrders() {
  const [search, setSearch] = useSearchParams();
  const nav = useRootData()?.nav ?? [];
  const products = nav.flatMap((c) => c.subcategories.flatMap((s) => s.products)).map((p) => ({ id: p.id, name: p.name }));
  // A view submitted before the page hydrated (a plain GET) carries its empty fields too: they mean "any".
  const viewKey = new URLSearchParams([...search].filter(([, value]) => value.trim() !== "")).toString();
  // Rows are shown only for the view they were fetched for: a changed filter shows "Loading orders…", never the last view's rows.
  const [shown, setShown] = useState<{ key: string; orders: DeskOrder[]; next: string | null } | null>(null);
  const orders = shown?.key === viewKey ? shown.orders : null;
  const next = shown?.key === viewKey ? shown.next : null;
  const [problem, setProblem] = useState<string | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [reload, setReload] = useState(0);
  const toggle = (id: number) => setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  useEffect(() => {
    const controller = new AbortController();
    fetchDesk(new URLSearchParams(viewKey), null, controller.signal).then(
      (page) => {
        setShown({ key: viewKey, orders: page.orders, next: page.next_cursor });
        setProblem(null);
      },
      (error: unknown) => {
        if ((error as Error).name !== "AbortError") setProblem(errorMessage(error));
      },
    );
    return () => controller.abort();
  }, [viewKey, reload]);
  useEffect(() => setSelected([]), [viewKey]);

  const loadMore = useCallback(async () => {
    if (!next) return;
    const page = await fetchDesk(new URLSearchParams(viewKey), next);
    setShown((current) => (current?.key === viewKey ? { key: viewKey, orders: [...current.orders, ...page.orders], next: page.next_cursor } : current));
  }, [next, viewKey]);

  return (
    <section aria-labelledby="orders-heading">
      <h1 id="orders-heading" className="text-2xl font-bold">Orders</h1>
      <DeskFilters view={search} products={products} onView={(view) => setSearch(view)} />
      <BulkBar selected={selected} view={new URLSearchParams(viewKey)} onMoved={() => setReload((n) => n + 1)} />
      {problem ? <p role="alert" className="mt-4 text-red-700">{problem}</p> : null}
      {orders === null && !problem ? <p className="mt-4 text-slate-600">Loading orders…</p> : null}
      {orders && orders.length === 0 ? <p className="mt-4 rounded-lg bg-white p-6 text-center ring-1 ring-slate-200">No orders match this view.</p> : null}
      {orders && orders.length > 0 ? (
        <DataTable
          className="mt-4"
          tableClassName="md:min-w-[42rem] lg:min-w-[60rem]"
          stackOnPhone
          caption="Orders in this view"
          head={
            <>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="px-3 py-2">Order</th>
              <th scope="col" className="px-3 py-2">Customer</th>
              <th scope="col" className="px-3 py-2">Placed</th>
              <th scope="col" className="px-3 py-2">Dispatch by</th>
              <th scope="col" className="px-3 py-2">Items</th>
              <th scope="col" className="px-3 py-2 text-right">Total</th>
              {/* Below 1024 px payment and PO are shown under the total, so a tablet sees every column at once. */}
              <th scope="col" className="hidden px-3 py-2 lg:table-cell">Payment</th>
              <th scope="col" className="hidden px-3 py-2 lg:table-cell">PO</th>
            </>
          }
        >
          {orders.map((order) => {
            const badge = URGENCY_BADGE[order.urgency];
            return (
              <tr key={order.order_group_id} className="border-b border-slate-100 align-top last:border-0" data-urgency={order.urgency} data-testid="desk-order">
                <td className="stack-inline px-3 py-2">
                  <input type="checkbox" className="h-5 w-5" aria-label={`Select ${order.reference}`} checked={selected.includes(order.order_group_id)} onChange={() => toggle(order.order_group_id)} />
                </td>
                <td className="stack-inline px-3 py-2 whitespace-nowrap">
                  <Link to={`/staff/orders/${order.order_group_id}`} className="font-semibold text-brand-700 hover:underline">
                    {order.reference}
                  </Link>
                </td>
                <td className="px-3 py-2">
                  {order.customer_name}
                  <span className="block text-xs text-slate-600">
                    {order.company ? `${order.company} · ` : ""}
                    <span className="break-all">{order.email}</span> · <span className="whitespace-nowrap">{order.postcode}</span>
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap" data-label="Placed">{formatUkDate(order.placed_at)}</td>
                <td className="px-3 py-2 whitespace-nowrap" data-label="Dispatch by">
                  {dispatchDayText(order.dispatch_by)}
                  {badge ? <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-bold ${badge.className}`}>{badge.text}</span> : null}
                </td>
                <td className="px-3 py-2">
                  <ul>
                    {order.items.map((item) => (
                      <li key={item.order_id}>
                        {item.qty} × {item.product_name} <span className="whitespace-nowrap text-xs font-semibold text-slate-600">{item.status}</span>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap" data-label="Total">
                  {formatPence(order.total_pence)}
                  <span className="block text-xs text-slate-600 lg:hidden">
                    {paymentText(order.payment_method)}
                    {order.po_number ? <span className="block">PO {order.po_number}</span> : null}
                  </span>
                </td>
                <td className="hidden px-3 py-2 lg:table-cell">{paymentText(order.payment_method)}</td>
                <td className="hidden px-3 py-2 whitespace-nowrap lg:table-cell">{order.po_number ?? ""}</td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      <LoadMore next={next} onLoadMore={loadMore} />
    </section>
  );
}
