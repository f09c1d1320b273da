import { Link } from "react-router";
import { mostPopular } from "../../domain/catalogue";
import { ProductGrid, toCardData } from "../components/product-grid";
import { ReviewsCarousel } from "../components/reviews-carousel";
import { homeBenefits, homeInfoPanels, type HomeBenefit } from "../content/about";
import { reviews, reviewSummary } from "../content/reviews";
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
      <section className="bg-gradient-to-br from-ink via-ink to-brand-800 text-white">
        <div className="container-page grid items-center gap-10 py-14 sm:py-20 md:grid-cols-[1.2fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">Trade print for UK businesses</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">Quality Printing for Your Business</h1>
            <p className="mt-4 max-w-xl text-lg text-slate-200">
              Banners, posters, boards, flags and stickers at trade prices. Order by 6pm on a working day and we start it the same
              day.
            </p>
            <Link to="/print" className="btn-accent mt-8 px-6 py-3 text-lg">Order now</Link>
          </div>
          <img
            src="/images/categories/banners.svg"
            alt=""
            width={1200}
            height={300}
            className="hidden w-full rounded-lg shadow-2xl ring-1 ring-white/10 md:block"
          />
        </div>
      </section>

      <section aria-label="Why Printwise" className="container-page -mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {homeBenefits.map((benefit) => (
          <div key={benefit.title} className="rounded-lg bg-white p-5 shadow-md ring-1 ring-slate-200">
            <BenefitIcon icon={benefit.icon} />
            <h2 className="mt-3 font-bold">{benefit.title}</h2>
            <p className="mt-1 text-sm text-slate-600">{benefit.text}</p>
          </div>
        ))}
      </section>

      <section className="container-page mt-10">
        <div className="flex flex-col items-start gap-3 rounded-lg bg-accent/90 px-6 py-5 text-ink sm:flex-row sm:items-center sm:justify-between">
          <p className="text-lg font-bold">New customer? Get 10% off your first order with code <span className="rounded bg-white px-2 py-0.5 font-mono">Welcome</span></p>
          <Link to="/print" className="btn bg-ink text-white hover:bg-slate-700">Start shopping</Link>
        </div>
      </section>

      <section id="most-popular" className="container-page scroll-mt-32 py-12" aria-labelledby="popular-heading">
        <h2 id="popular-heading" className="mb-6 text-2xl font-bold sm:text-3xl">Most Popular</h2>
        <ProductGrid products={loaderData.popular} label="Most popular products" />
      </section>

      <section className="container-page" aria-labelledby="sample-heading">
        <div className="grid items-center gap-6 overflow-hidden rounded-lg bg-brand-700 text-white md:grid-cols-[1fr_20rem]">
          <div className="p-8">
            <h2 id="sample-heading" className="text-2xl font-bold">Free Sample Pack</h2>
            <p className="mt-2 max-w-xl text-brand-50">
              Feel the difference before you order: swatches of our banner PVC, mesh, boards, flag fabric and vinyls, posted free to
              UK businesses.
            </p>
            <Link to="/contact-us?subject=freesamplepack" className="btn-accent mt-5">Order Now</Link>
          </div>
          <img src="/images/products/poster.svg" alt="" width={400} height={300} className="hidden h-full w-full object-cover md:block" loading="lazy" />
        </div>
      </section>

      <section id="reviews" className="container-page scroll-mt-32 py-12" aria-labelledby="reviews-heading">
        <h2 id="reviews-heading" className="mb-4 text-2xl font-bold sm:text-3xl">What our customers say</h2>
        <ReviewsCarousel reviews={reviews} summary={reviewSummary} />
      </section>

      <section className="container-page grid gap-6 md:grid-cols-2">
        {homeInfoPanels.map((panel) => (
          <article key={panel.heading} className="prose-shop rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h2 className="mb-3 text-xl font-bold">{panel.heading}</h2>
            {panel.paragraphs.map((paragraph) => (
              <p key={paragraph} className="text-slate-700">{paragraph}</p>
            ))}
          </article>
        ))}
      </section>
    </>
  );
}

function BenefitIcon({ icon }: { icon: HomeBenefit["icon"] }) {
  const paths: Record<HomeBenefit["icon"], React.ReactNode> = {
    truck: (
      <>
        <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7z" />
        <circle cx="7" cy="17" r="2" />
        <circle cx="17" cy="17" r="2" />
      </>
    ),
    shield: <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6zM9 12l2 2 4-4" />,
    tag: (
      <>
        <path d="M3 12V4h8l10 10-8 8z" />
        <circle cx="7.5" cy="8.5" r="1.5" />
      </>
    ),
    layers: <path d="m12 3 9 5-9 5-9-5zM3 13l9 5 9-5M3 17l9 5 9-5" />,
  };
  return (
    <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {paths[icon]}
      </svg>
    </span>
  );
}
