import { useState } from "react";
import { data, Link, redirect } from "react-router";
import { productImage, specificationLines } from "../../domain/catalogue";
import { Configurator } from "../components/configurator";
import { catalogueCacheHeadersUntil } from "../lib/cache";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/product";
import { productOpening } from "./product-opening";

export const meta: Route.MetaFunction = ({ data: loaded }) => pageMeta(loaded?.product, "Product not found");

export async function loader({ params, context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  const product = snapshot.productBySlug.get(params.slug);
  if (!product) {
    // A product whose slug a manager changed keeps its old address: it moves permanently to the new one.
    // Browsers keep a 301 for good unless told otherwise, and a manager may move a product back: not stored.
    const moved = snapshot.productRedirects.get(params.slug);
    if (moved) throw redirect(`/product/${moved}`, { status: 301, headers: { "cache-control": "no-store" } });
    throw data("Product not found", { status: 404 });
  }
  const category = snapshot.categories.find((c) => c.id === product.categoryId);
  const subcategory = snapshot.subcategoryById.get(product.subcategoryId);
  // The price and the delivery dates are in the server's page, so it tells the truth without scripts; the
  // page cache keeps it until the dates change at the cut-off (and drops it when the product's prices change).
  const { opening, trueUntilMs } = productOpening(product, new Date());
  return data(
    {
      product,
      category: category ? { name: category.name, slug: category.slug } : null,
      subcategory: subcategory ? { id: subcategory.id, name: subcategory.name, slug: subcategory.slug } : null,
      opening,
    },
    { headers: catalogueCacheHeadersUntil(trueUntilMs) },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, category, subcategory, opening } = loaderData;
  return (
    <div className="container-page py-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:text-brand-700 hover:underline">Home</Link>
          </li>
          {category ? (
            <li>
              <span aria-hidden="true">› </span>
              <Link to={`/${category.slug}`} className="hover:text-brand-700 hover:underline">{category.name}</Link>
            </li>
          ) : null}
          {subcategory ? (
            <li>
              <span aria-hidden="true">› </span>
              <Link to={`/category/${subcategory.id}/${subcategory.slug}`} className="hover:text-brand-700 hover:underline">
                {subcategory.name}
              </Link>
            </li>
          ) : null}
          <li aria-current="page">
            <span aria-hidden="true">› </span>
            <span className="font-medium text-ink">{product.name}</span>
          </li>
        </ol>
      </nav>

      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div>
          <h1 className="text-3xl font-bold">{product.name}</h1>
          <p className="mt-1 text-slate-600">{product.shortDesc}</p>
          <img
            src={productImage(product.image)}
            alt={product.name}
            width={800}
            height={600}
            fetchPriority="high"
            className="mt-4 aspect-[4/3] w-full rounded-lg bg-white object-contain ring-1 ring-slate-200"
          />
        </div>
        <Configurator key={product.id} product={product} opening={opening} />
      </div>

      <ProductTabs description={product.description} specifications={product.specifications} />
    </div>
  );
}

const TABS = ["Description", "Product Specifications", "Artwork Guidelines"] as const;

function ProductTabs({ description, specifications }: { description: string; specifications: string }) {
  const [tab, setTab] = useState<(typeof TABS)[number]>("Description");
  const lines = specificationLines(specifications);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    if (event.key === "ArrowRight") setTab(TABS[(index + 1) % TABS.length]!);
    if (event.key === "ArrowLeft") setTab(TABS[(index + TABS.length - 1) % TABS.length]!);
  };
  return (
    <section className="mt-10 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div role="tablist" aria-label="Product information" className="flex flex-wrap gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${slug(name)}`}
            aria-selected={tab === name}
            aria-controls={`panel-${slug(name)}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              tab === name ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-ink"
            }`}
          >
            {name}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${slug(tab)}`} aria-labelledby={`tab-${slug(tab)}`} className="prose-shop pt-5 text-slate-700" tabIndex={0}>
        {tab === "Description"
          ? description.split(/\n\s*\n/).map((paragraph, i) => <p key={i}>{paragraph}</p>)
          : null}
        {tab === "Product Specifications" ? (
          lines.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5">
              {lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          ) : (
            <p>No specifications listed.</p>
          )
        ) : null}
        {tab === "Artwork Guidelines" ? <ArtworkGuidelines /> : null}
      </div>
    </section>
  );
}

function ArtworkGuidelines() {
  return (
    <ul className="list-disc space-y-2 pl-5">
      <li>Send your artwork as a PDF or JPG.</li>
      <li>
        Resolution: 300 dpi at full size is ideal; 150 dpi at full size (or 300 dpi at half size) is the minimum for a sharp
        print.
      </li>
      <li>Colour: supply CMYK. RGB files are converted to CMYK and print darker than they look on screen.</li>
      <li>No bleeds or crop marks are needed: set the document to the finished size.</li>
      <li>Keep text and logos at least 2cm from the edges, clear of eyelets and drill holes.</li>
    </ul>
  );
}

function slug(name: string): string {
  return name.toLowerCase().replace(/\s+/g, "-");
}
