import { Link } from "react-router";
import { mostPopular } from "../../domain/catalogue";
import { ProductGrid, toCardData } from "../components/product-grid";
import { catalogueCacheHeaders } from "../lib/cache";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Printwise Trade Print | Banners, Posters, Boards, Flags & Stickers" },
  {
    name: "description",
    content: "Trade printing for UK businesses and resellers: banners, posters, boards, flags and stickers at trade prices, dispatched fast.",
  },
  { name: "keywords", content: "trade printing, banners, posters, foamex boards, flags, stickers, UK print" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  return { popular: mostPopular(snapshot.categories).map(toCardData) };
}

export const headers: Route.HeadersFunction = () => catalogueCacheHeaders;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="bg-gradient-to-br from-ink to-brand-800 text-white">
        <div className="container-page py-16 sm:py-24">
          <h1 className="max-w-2xl text-4xl font-extrabold tracking-tight sm:text-5xl">Quality Printing for Your Business</h1>
          <p className="mt-4 max-w-xl text-lg text-slate-200">
            Banners, posters, boards, flags and stickers at trade prices. Order by 6pm for dispatch today.
          </p>
          <Link to="/print" className="btn-accent mt-8 px-6 py-3 text-lg">Order now</Link>
        </div>
      </section>
      <section id="most-popular" className="container-page scroll-mt-32 py-12" aria-labelledby="popular-heading">
        <h2 id="popular-heading" className="mb-6 text-2xl font-bold sm:text-3xl">Most Popular</h2>
        <ProductGrid products={loaderData.popular} label="Most popular products" />
      </section>
    </>
  );
}
