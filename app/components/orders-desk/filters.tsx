// The orders desk's view form: a search and its filters, held in the URL so a view can be bookmarked and
// shared. It is a search form, so it reads as GET (the only personal detail it carries is the search text).
import { Link } from "react-router";
import { ORDER_STATUSES } from "../../../domain/order-status";
import { DESK_PAYMENT_LABELS, DESK_PAYMENTS, DESK_SORT_LABELS, DESK_SORTS, DESK_URGENCIES, DESK_URGENCY_LABELS } from "../../../domain/orders-desk";

export const VIEW_FIELDS = ["q", "status", "product", "payment", "turnaround", "placed_from", "placed_to", "dispatch_by", "urgency", "sort"] as const;

type Props = { view: URLSearchParams; products: { id: number; name: string }[]; onView: (view: URLSearchParams) => void };

export function DeskFilters({ view, products, onView }: Props) {
  // Keyed by the URL: a new view (back button, shared link) gives fresh fields.
  return <FilterForm key={view.toString()} view={view} products={products} onView={onView} />;
}

function FilterForm({ view, products, onView }: Props) {
  // Uncontrolled fields: what is typed before the page hydrates stays typed (docs/decisions/020-no-tap-lost-before-hydration.md), and a
  // submit before then is an ordinary GET of the same view.
  const fields: Record<string, string> = Object.fromEntries(VIEW_FIELDS.map((name) => [name, view.get(name) ?? (name === "sort" ? "placed" : "")]));
  const setFilters = VIEW_FIELDS.filter((name) => name !== "q" && name !== "sort" && fields[name] !== "").length + (fields.sort === "placed" ? 0 : 1);
  const select = (name: string, label: string, options: [string, string][], any = "Any") => (
    <div>
      <label htmlFor={`desk-${name}`} className="field-label">{label}</label>
      <select id={`desk-${name}`} name={name} className="field-input" defaultValue={fields[name]}>
        {any ? <option value="">{any}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>{text}</option>
        ))}
      </select>
    </div>
  );
  const date = (name: string, label: string) => (
    <div>
      <label htmlFor={`desk-${name}`} className="field-label">{label}</label>
      <input id={`desk-${name}`} name={name} type="date" className="field-input" defaultValue={fields[name]} />
    </div>
  );
  return (
    <form
      method="get"
      role="search"
      aria-label="Find orders"
      className="mt-4 grid grid-cols-1 gap-3 rounded-lg bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const next = new URLSearchParams();
        for (const name of VIEW_FIELDS) {
          const value = String(form.get(name) ?? "").trim();
          if (value) next.set(name, value);
        }
        if (next.get("sort") === "placed") next.delete("sort");
        onView(next);
      }}
    >
      <div className="sm:col-span-2">
        <label htmlFor="desk-q" className="field-label">Search</label>
        <input id="desk-q" name="q" type="search" className="field-input w-full" defaultValue={fields.q} aria-describedby="desk-q-hint" />
        <p id="desk-q-hint" className="mt-1 text-xs text-slate-600">Order reference or number, email, name, postcode, PO number or tracking number</p>
      </div>
      {/* On a phone the filters fold under the search (.desk-more in app.css): the first screen shows the
          search and the orders, not eleven fields. Open whenever one of them is set, so no filter is hidden
          while it narrows the list; from 640 px they are always shown, in the form's own grid. */}
      <details className="desk-more" open={setFilters > 0}>
        <summary className="cursor-pointer py-1 font-semibold text-brand-700">
          More filters{setFilters > 0 ? ` (${setFilters} set)` : ""}
        </summary>
        <div className="mt-3 grid grid-cols-1 gap-3">
          {select("status", "Status", ORDER_STATUSES.map((s) => [s, s]))}
          {select("product", "Product", products.map((p) => [String(p.id), p.name]))}
          {select("payment", "Payment", DESK_PAYMENTS.map((p) => [p, DESK_PAYMENT_LABELS[p]]))}
          {select("turnaround", "Turnaround", [["express", "Express"], ["standard", "Standard"]])}
          {date("placed_from", "Placed from")}
          {date("placed_to", "Placed to")}
          {date("dispatch_by", "Dispatch by")}
          {select("urgency", "Late or at risk", DESK_URGENCIES.map((u) => [u, DESK_URGENCY_LABELS[u]]))}
          {select("sort", "Sort by", DESK_SORTS.map((s) => [s, DESK_SORT_LABELS[s]]), "")}
        </div>
      </details>
      <div className="flex items-end gap-3">
        <button type="submit" className="btn-primary">Show orders</button>
        <Link to="/staff/orders" className="btn-outline">Clear</Link>
      </div>
    </form>
  );
}
