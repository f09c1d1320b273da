import { data, Link, redirect } from "react-router";
import { productImage } from "../../domain/catalogue";
import { ProductGrid, toCardData } from "../components/product-grid";
import { catalogueCacheHeaders } from "../lib/cache";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ data: loaded }) => pageMeta(loaded?.category, "Page not found");

export async function loader({ params, context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  const category = snapshot.categoryBySlug.get(params.categorySlug);
  if (!category) {
    // A renamed category keeps its old address (not stored by browsers: it may be moved back).
    const moved = snapshot.categoryRedirects.get(params.categorySlug);
    if (moved) throw redirect(`/${moved}`, { status: 301, headers: { "cache-control": "no-store" } });
    // "Category not found" is the spec's word for a missing subcategory (/category/...); any other unknown address is a missing page.
    throw data("Page not found", { status: 404 });
  }
  return {
    category: {
      name: category.name,
      slug: category.slug,
      description: category.description,
      image: category.image,
      pageTitle: category.pageTitle,
      pageDescription: category.pageDescription,
      pageKeywords: category.pageKeywords,
    },
    subcategories: category.subcategories.map((sub) => ({
      id: sub.id,
      name: sub.name,
      slug: sub.slug,
      products: sub.products.map(toCardData),
    })),
  };
}

export const headers: Route.HeadersFunction = () => catalogueCacheHeaders;

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, subcategories } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-ink text-white">
        <img
          src={productImage(category.image)}
          alt=""
          width={1200}
          height={300}
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover opacity-40"
        />
        {/* Keeps the title and description legible where the illustration runs behind them (phones). */}
        <div aria-hidden="true" className="absolute inset-0 bg-ink/75 sm:hidden" />
        <div className="container-page relative py-12 sm:py-16">
          <nav aria-label="Breadcrumb" className="text-sm text-slate-200">
            <Link to="/" className="hover:underline">Home</Link> <span aria-hidden="true">›</span> {category.name}
          </nav>
          <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{category.name}</h1>
          <p className="mt-3 max-w-2xl text-slate-100">{category.description}</p>
        </div>
      </section>
      <div className="container-page py-8">
        {subcategories.length > 0 ? (
          <nav aria-label={`${category.name} ranges`} className="mb-8 flex flex-wrap gap-2">
            {subcategories.map((sub) => (
              <Link key={sub.id} to={`/category/${sub.id}/${sub.slug}`} className="btn-outline text-sm">
                {sub.name}
              </Link>
            ))}
          </nav>
        ) : null}
        {subcategories.length === 0 ? <ProductGrid products={[]} /> : null}
        {subcategories.map((sub) => (
          <section key={sub.id} className="mb-12" aria-labelledby={`sub-${sub.id}`}>
            <div className="mb-4 flex items-baseline justify-between gap-4">
              <h2 id={`sub-${sub.id}`} className="text-2xl font-bold">{sub.name}</h2>
              <Link to={`/category/${sub.id}/${sub.slug}`} className="text-sm font-semibold text-brand-700 hover:underline">
                View all
              </Link>
            </div>
            <ProductGrid products={sub.products} label={sub.name} />
          </section>
        ))}
      </div>
    </>
  );
}
