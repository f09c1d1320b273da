import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ShopDetails } from "../../server/config";
import { MailIcon, PhoneIcon } from "./icons";
import { telHref } from "./site-header";

export function SiteFooter({ shop, renderedYear }: { shop: ShopDetails | undefined; renderedYear: number | undefined }) {
  // Hydrate with the year the server rendered (pages are cached), then show the browser's own.
  const [year, setYear] = useState(renderedYear ?? null);
  useEffect(() => setYear(new Date().getFullYear()), []);
  return (
    <footer className="mt-16 bg-ink text-slate-300">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <img src="/images/logo-light.svg" alt={shop?.name ?? "Printwise"} width={150} height={36} className="h-9 w-auto" />
          <p className="mt-4 text-sm leading-relaxed">
            Trade printing for UK businesses and resellers: banners, posters, boards, flags and stickers, printed in-house and
            delivered fast.
          </p>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact us</h2>
          {shop ? (
            <ul className="mt-4 space-y-2 text-sm">
              <li>
                <a href={telHref(shop.phone)} className="inline-flex items-center gap-2 hover:text-white">
                  <PhoneIcon /> {shop.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${shop.email}`} className="inline-flex items-center gap-2 hover:text-white">
                  <MailIcon /> {shop.email}
                </a>
              </li>
              <li>{shop.address}</li>
              <li>{shop.hours}</li>
            </ul>
          ) : null}
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Shop</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/" className="hover:text-white">Home</Link>
            </li>
            <li>
              <Link to="/#most-popular" className="hover:text-white">Most Popular</Link>
            </li>
            <li>
              <Link to="/#reviews" className="hover:text-white">Reviews</Link>
            </li>
            <li>
              <Link to="/print" className="hover:text-white">All products</Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Help</h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/faq" className="hover:text-white">FAQ</Link>
            </li>
            <li>
              <Link to="/contact-us" className="hover:text-white">Contact Us</Link>
            </li>
            <li>
              <Link to="/about-us" className="hover:text-white">About Us</Link>
            </li>
            <li>
              <Link to="/terms" className="hover:text-white">Terms &amp; Conditions</Link>
            </li>
          </ul>
          <ul className="mt-6 flex gap-3 text-xs" aria-label="Social media (coming soon)">
            {["Facebook", "Instagram", "LinkedIn"].map((network) => (
              <li key={network}>
                <span className="rounded border border-white/20 px-2 py-1 text-slate-400" title={`${network}: coming soon`}>
                  {network}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-4 text-xs text-slate-400">
          © {year ?? ""} {shop?.name ?? "Printwise Trade Print"}. All prices exclude VAT unless stated.
        </p>
      </div>
    </footer>
  );
}
