import { useCallback, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { formatDeliveryDate } from "../../../domain/format";
import { ORDER_STATUSES } from "../../../domain/order-status";
import { errorMessage } from "../../lib/api-client";
import { fetchQueue, type QueueItem } from "../../lib/staff-api";
import { useRootData } from "../../root";
import { orderRef } from "../../../domain/order-ref";
import { LoadMore } from "../../components/load-more";
import { DataTable } from "../../components/data-table";

const URGENCY_BADGE: Record<QueueItem["urgency"], { text: string; className: string } | null> = {
  late: { text: "Late", className: "bg-red-100 text-red-800" },
  "at-risk": { text: "At risk", className: "bg-amber-100 text-amber-900" },
  "on-time": null,
  done: null,
};

/** The production queue: items by delivery date, most urgent first, with counts per status. */
export default function StaffQueue() {
  const [search, setSearch] = useSearchParams();
  const nav = useRootData()?.nav ?? [];
  const products = nav.flatMap((c) => c.subcategories.flatMap((s) => s.products));
  const filters = {
    status: search.get("status") ?? "active",
    q: search.get("q") ?? undefined,
    product: search.get("product") ?? undefined,
    turnaround: search.get("turnaround") ?? undefined,
  };
  const filterKey = JSON.stringify(filters);
  const [items, setItems] = useState<QueueItem[] | null>(null);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [next, setNext] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [query, setQuery] = useState(filters.q ?? "");

  useEffect(() => {
    const controller = new AbortController();
    setItems(null);
    fetchQueue(JSON.parse(filterKey), null, controller.signal).then(
      (page) => {
        setItems(page.items);
        setCounts(page.counts);
        setNext(page.next_cursor);
        setProblem(null);
      },
      (error: unknown) => {
        if ((error as Error).name !== "AbortError") setProblem(errorMessage(error));
      },
    );
    return () => controller.abort();
  }, [filterKey]);

  const loadMore = useCallback(async () => {
    if (!next) return;
    const page = await fetchQueue(JSON.parse(filterKey), next);
    setItems((current) => [...(current ?? []), ...page.items]);
    setNext(page.next_cursor);
  }, [next, filterKey]);

  const setFilter = (key: string, value: string | undefined) => {
    const params = new URLSearchParams(search);
    if (value) params.set(key, value);
    else params.delete(key);
    setSearch(params);
  };

  const statusTabs = ["active", ...ORDER_STATUSES, "all"];
  return (
    <section aria-labelledby="queue-heading">
      <h1 id="queue-heading" className="text-2xl font-bold">Production queue</h1>
      <div role="tablist" aria-label="Status" className="mt-4 flex flex-wrap gap-2">
        {statusTabs.map((status) => {
          const selected = filters.status === status;
          const label = status === "active" ? "All active" : status === "all" ? "Everything" : status;
          const count = status === "active" ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[status];
          return (
            <button
              key={status}
              type="button"
              role="tab"
              aria-selected={selected}
              onClick={() => setFilter("status", status === "active" ? undefined : status)}
              className={`rounded-full px-3 py-1 text-sm font-semibold ring-1 ${selected ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-ink ring-slate-300 hover:bg-slate-100"}`}
            >
              {label}
              {count !== undefined ? <span className="font-normal"> ({count})</span> : null}
            </button>
          );
        })}
      </div>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter("q", query.trim() || undefined);
        }}
      >
        <div>
          <label htmlFor="staff-search" className="field-label">Order reference or number, email or name</label>
          <input id="staff-search" className="field-input w-64" value={query} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div>
          <label htmlFor="staff-product" className="field-label">Product</label>
          <select id="staff-product" className="field-input w-56" value={filters.product ?? ""} onChange={(e) => setFilter("product", e.target.value || undefined)}>
            <option value="">All products</option>
            {products.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="staff-turnaround" className="field-label">Turnaround</label>
          <select id="staff-turnaround" className="field-input w-40" value={filters.turnaround ?? ""} onChange={(e) => setFilter("turnaround", e.target.value || undefined)}>
            <option value="">Any</option>
            <option value="express">Express</option>
            <option value="standard">Standard</option>
          </select>
        </div>
        <button type="submit" className="btn-primary">Search</button>
      </form>

      {problem ? <p role="alert" className="mt-6 font-semibold text-red-700">{problem}</p> : null}
      {items === null && !problem ? <p className="mt-6 text-slate-600">Loading...</p> : null}
      {items && items.length === 0 ? <p className="mt-6 rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">Nothing here.</p> : null}
      {items && items.length > 0 ? (
        <DataTable
          className="relative mt-6"
          tableClassName="min-w-[56rem]"
          head={
            <>
              <th scope="col" className="px-3 py-2">Delivery by</th>
              <th scope="col" className="px-3 py-2">Order</th>
              <th scope="col" className="px-3 py-2">Item</th>
              <th scope="col" className="px-3 py-2">Qty</th>
              <th scope="col" className="px-3 py-2">Status</th>
              <th scope="col" className="px-3 py-2">Customer</th>
            </>
          }
        >
          {items.map((item) => {
            const badge = URGENCY_BADGE[item.urgency];
            return (
              <tr key={item.order_id} className="border-b border-slate-100 last:border-0" data-urgency={item.urgency}>
                <td className="px-3 py-2 whitespace-nowrap">
                  {formatDeliveryDate(item.delivery_date)}
                  {badge ? <span className={`ml-2 rounded-full px-2 py-0.5 text-xs font-bold ${badge.className}`}>{badge.text}</span> : null}
                  {item.express ? <span className="ml-2 rounded-full bg-slate-800 px-2 py-0.5 text-xs font-bold text-white">Express</span> : null}
                </td>
                <td className="px-3 py-2">
                  <Link to={`/staff/orders/${item.order_group_id}`} className="font-semibold text-brand-700 hover:underline">
                    {orderRef(item.order_group_id)}
                  </Link>
                </td>
                <td className="px-3 py-2">
                  {item.product_name}
                  <span className="block text-xs text-slate-500">
                    {item.size}
                    {item.versions > 1 ? ` · ${item.versions} versions` : ""}
                    {item.ship_unbranded ? " · unbranded" : ""}
                  </span>
                </td>
                <td className="px-3 py-2">{item.qty}</td>
                <td className="px-3 py-2">{item.status}</td>
                <td className="px-3 py-2">
                  {item.customer_name}
                  <span className="block text-xs text-slate-500">{item.customer_email}</span>
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : null}
      <LoadMore next={next} onLoadMore={loadMore} />
    </section>
  );
}
