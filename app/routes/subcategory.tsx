import { data, Link, redirect } from "react-router";
import { ProductGrid, toCardData } from "../components/product-grid";
import { catalogueCacheHeaders } from "../lib/cache";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/subcategory";

export const meta: Route.MetaFunction = ({ data: loaded }) => pageMeta(loaded?.subcategory, "Category not found");

export async function loader({ params, context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  const id = Number(params.subcategoryId);
  const sub = Number.isSafeInteger(id) ? snapshot.subcategoryById.get(id) : undefined;
  if (!sub) throw data("Category not found", { status: 404 });
  // The id finds the subcategory; any other slug than its own (an old one, a typo) moves to its address.
  if (params.subcategorySlug !== sub.slug) throw redirect(`/category/${sub.id}/${sub.slug}`, { status: 301, headers: { "cache-control": "no-store" } });
  const category = snapshot.categories.find((c) => c.id === sub.categoryId);
  return {
    subcategory: {
      id: sub.id,
      name: sub.name,
      slug: sub.slug,
      pageTitle: sub.pageTitle,
      pageDescription: sub.pageDescription,
      pageKeywords: sub.pageKeywords,
    },
    category: category ? { name: category.name, slug: category.slug } : null,
    products: sub.products.map(toCardData),
  };
}

export const headers: Route.HeadersFunction = () => catalogueCacheHeaders;

export default function SubcategoryPage({ loaderData }: Route.ComponentProps) {
  const { subcategory, category, products } = loaderData;
  return (
    <>
      <section className="bg-brand-700 text-white">
        <div className="container-page py-8">
          <nav aria-label="Breadcrumb" className="text-sm text-brand-100">
            <Link to="/" className="hover:underline">Home</Link>
            {category ? (
              <>
                {" "}<span aria-hidden="true">›</span>{" "}
                <Link to={`/${category.slug}`} className="hover:underline">{category.name}</Link>
              </>
            ) : null}{" "}
            <span aria-hidden="true">›</span> {subcategory.name}
          </nav>
          <h1 className="mt-2 text-3xl font-bold">{subcategory.name}</h1>
        </div>
      </section>
      <div className="container-page py-8">
        <ProductGrid products={products} label={subcategory.name} heading="h2" />
      </div>
    </>
  );
}
