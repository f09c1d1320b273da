import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { NotFoundHelp } from "./components/not-found-help";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { AUTH_MARK_SCRIPT } from "./lib/auth";
import { EARLY_INPUT_SCRIPT, releaseEarlyInput } from "./lib/early-input";
import { HYDRATE_AFTER_PAINT_SCRIPT } from "./lib/hydrate-after-paint";
import { InlineStylesheet } from "./lib/inline-stylesheet";
import { useNonce } from "./lib/nonce";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Pages set their own titles; this one names the error when a page could not be shown.
export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : "Something went wrong";
  return [{ title: `${message} | Printwise Trade Print` }, { name: "robots", content: "noindex" }];
};

export async function loader({ context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  return { nav: snapshot.nav, shop: context.services.shop, year: new Date().getFullYear() };
}

// The navigation and the shop's details only change with the catalogue; client navigations skip them.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export type RootData = Awaited<ReturnType<typeof loader>>;

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** A route tree that draws its own header, footer and <main> (the staff console) says so in its handle. */
export type RouteHandle = { ownChrome?: boolean };

function useShopChrome(): boolean {
  return !useMatches().some((match) => (match.handle as RouteHandle | undefined)?.ownChrome);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRootData();
  const shopChrome = useShopChrome();
  // The layout's effect runs after every route's, error pages' too: the page is live, so what was tapped
  // before goes through (app/lib/early-input.ts).
  useEffect(releaseEarlyInput, []);
  return (
    // The head script below may add data-auth before React hydrates <html>.
    <html lang="en-GB" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e293b" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: AUTH_MARK_SCRIPT + EARLY_INPUT_SCRIPT + HYDRATE_AFTER_PAINT_SCRIPT }} />
        <Meta />
        <InlineStylesheet nonce={nonce} />
        <Links nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        {shopChrome ? <SiteHeader nav={data?.nav ?? []} shop={data?.shop} /> : null}
        {/* A tree with its own chrome puts its own <main> beside its own header and navigation. */}
        {shopChrome ? (
          <main id="main" className="flex-1">
            {children}
          </main>
        ) : (
          children
        )}
        {shopChrome ? <SiteFooter shop={data?.shop} renderedYear={data?.year} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const nav = useRootData()?.nav ?? [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  let heading = "Something went wrong";
  let details = "Please try again in a moment. If it keeps happening, contact us and we will sort it out.";
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      heading = typeof error.data === "string" && error.data ? error.data : "Page not found";
      details = "The page you were looking for is not here. Try the search box, or browse our products.";
    } else {
      heading = `${error.status} ${error.statusText}`;
    }
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
  }
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-slate-600">{details}</p>
      {notFound ? <NotFoundHelp nav={nav} /> : null}
      <a href="/" className="btn-primary mt-8">
        Back to the home page
      </a>
    </section>
  );
}
