import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatPence } from "../../../domain/format";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { downloadPriceList, fetchProducts, type ProductSummary } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import type { Route } from "./+types/catalogue";
import { DataTable } from "../../components/data-table";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Prices | Printwise back office" }, { name: "robots", content: "noindex" }];

/** Every product with its price, grouped by category: the way in to each product's price editor and the price list. */
export default function CataloguePrices() {
  const [products, setProducts] = useState<ProductSummary[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [filter, setFilter] = useState("");

  useEffect(() => {
    const controller = new AbortController();
    fetchProducts(controller.signal).then(
      (answer) => setProducts(answer.products),
      (error: unknown) => {
        if ((error as Error).name !== "AbortError") setProblem(errorMessage(error));
      },
    );
    return () => controller.abort();
  }, []);

  const needle = filter.trim().toLowerCase();
  const shown = (products ?? []).filter((p) => !needle || p.name.toLowerCase().includes(needle) || p.slug.includes(needle) || p.category.toLowerCase().includes(needle));
  const byCategory = new Map<string, ProductSummary[]>();
  for (const product of shown) byCategory.set(product.category, [...(byCategory.get(product.category) ?? []), product]);

  return (
    <section aria-labelledby="prices-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="prices-heading" className="text-2xl font-bold">Products and prices</h1>
          <p className="mt-1 text-sm text-slate-600">Change a product&apos;s prices, limits and options (every save is a version you can restore) or its name, address and words. Customers see a change at once.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-outline"
            onClick={() => downloadPriceList().catch((error: unknown) => setProblem(errorMessage(error)))}
          >
            Export price list (CSV)
          </button>
          <Link to="/staff/catalogue/categories" className="btn-outline">
            Categories
          </Link>
          <Link to="/staff/catalogue/import" className="btn-primary">
            Import price list
          </Link>
        </div>
      </div>
      <div className="mt-4 max-w-sm">
        <label htmlFor="product-filter" className="field-label">Find a product</label>
        <input id="product-filter" type="search" className="field-input" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name, slug or category" />
      </div>
      {problem ? <p role="alert" className="mt-4 font-semibold text-red-800">{problem}</p> : null}
      {products === null && !problem ? <LoadingState label="Loading the products..." rows={6} className="mt-4" /> : null}
      {products && shown.length === 0 ? <p className="mt-4 rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200">No product matches “{filter}”.</p> : null}
      {[...byCategory].map(([category, list]) => (
        <div key={category} className="mt-6">
          <h2 className="text-lg font-semibold">{category}</h2>
          <DataTable
            className="relative mt-2"
            head={
              <>
                <th scope="col" className="px-3 py-2">Product</th>
                <th scope="col" className="px-3 py-2">Price</th>
                <th scope="col" className="px-3 py-2">Minimum line</th>
                <th scope="col" className="px-3 py-2">Version</th>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Edit</span></th>
              </>
            }
          >
            {list.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="px-3 py-2">
                  <span className="font-semibold">{p.name}</span>
                  <span className="block text-xs text-slate-500">{p.subcategory}{!p.visible ? " · hidden from customers" : p.hiddenWith ? ` · hidden with its ${p.hiddenWith}` : ""}</span>
                </td>
                <td className="px-3 py-2 tabular-nums">{formatPence(p.pricePence)} {p.priceType === "sqm" ? "per m²" : "each"}</td>
                <td className="px-3 py-2 tabular-nums">{p.minLinePence ? formatPence(p.minLinePence) : "none"}</td>
                <td className="px-3 py-2 tabular-nums">{p.version}</td>
                <td className="px-3 py-2 text-right">
                  <Link to={`/staff/catalogue/${p.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline" aria-label={`Edit prices of ${p.name}`}>
                    Prices
                  </Link>
                  {" · "}
                  <Link to={`/staff/catalogue/${p.id}/details`} className="font-semibold text-brand-700 underline-offset-2 hover:underline" aria-label={`Edit details of ${p.name}`}>
                    Details
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      ))}
    </section>
  );
}
