import { Link } from "react-router";
import { productImage } from "../../domain/catalogue";
import { catalogueCacheHeaders } from "../lib/cache";
import type { Route } from "./+types/print";

export const meta: Route.MetaFunction = () => [
  { title: "All Print Products | Printwise Trade Print" },
  { name: "description", content: "Banners, posters, boards, flags and stickers printed at trade prices with fast UK delivery." },
];

export async function loader({ context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  return {
    categories: snapshot.categories.map((c) => ({
      id: c.id,
      name: c.name,
      slug: c.slug,
      description: c.description,
      image: c.image,
      subcategories: c.subcategories.map((s) => ({ id: s.id, name: s.name, slug: s.slug, count: s.products.length })),
    })),
  };
}

export const headers: Route.HeadersFunction = () => catalogueCacheHeaders;

export default function PrintPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">Print</h1>
      <p className="mt-2 text-slate-600">Everything we print, by category.</p>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        {loaderData.categories.map((category) => (
          <section key={category.id} className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200" aria-labelledby={`print-${category.id}`}>
            <Link to={`/${category.slug}`} className="block" tabIndex={-1} aria-hidden="true">
              <img src={productImage(category.image)} alt="" width={1200} height={300} className="h-32 w-full object-cover" loading="lazy" />
            </Link>
            <div className="p-5">
              <h2 id={`print-${category.id}`} className="text-xl font-bold">
                <Link to={`/${category.slug}`} className="hover:text-brand-700">{category.name}</Link>
              </h2>
              <p className="mt-1 text-sm text-slate-600">{category.description}</p>
              <ul className="mt-3 flex flex-wrap gap-2 text-sm">
                {category.subcategories.map((sub) => (
                  <li key={sub.id}>
                    <Link to={`/category/${sub.id}/${sub.slug}`} className="rounded-full bg-brand-50 px-3 py-1 text-brand-800 hover:bg-brand-100">
                      {sub.name} ({sub.count})
                    </Link>
                  </li>
                ))}
              </ul>
              <Link to={`/${category.slug}`} className="btn-primary mt-4 text-sm">Shop {category.name}</Link>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
