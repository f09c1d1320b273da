import { useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import type { NavCategory } from "../../domain/catalogue";
import type { ShopDetails } from "../../server/config";
import { signOut } from "../lib/account-api";
import { onUnauthorised } from "../lib/api-client";
import { forgetSession, markAuth, useIsLoggedIn } from "../lib/auth";
import { useBasket } from "../lib/basket";
import { CategoryBar } from "./category-bar";
import { BasketIcon, CloseIcon, MailIcon, MenuIcon, PhoneIcon, UserIcon } from "./icons";
import { SearchBox } from "./search-box";

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function SiteHeader({ nav, shop }: { nav: NavCategory[]; shop: ShopDetails | undefined }) {
  const basket = useBasket();
  const loggedIn = useIsLoggedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const count = basket.items.length;

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // The <html data-auth> mark chooses which variant shows; React renders both, so hydration never mismatches.
  useEffect(() => markAuth(loggedIn), [loggedIn]);
  // A token the server no longer accepts (expired, revoked on another device) is forgotten here too.
  useEffect(() => onUnauthorised(forgetSession), []);

  const logOut = async () => {
    await signOut();
    navigate("/");
  };

  return (
    <header className="relative z-30 bg-ink text-white shadow md:sticky md:top-0">
      <div className="container-page flex items-center gap-3 py-3 sm:gap-6">
        <button
          type="button"
          className="-ml-1 rounded p-1 md:hidden"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        <Link to="/" className="flex shrink-0 items-center gap-2" aria-label={`${shop?.name ?? "Printwise"} home`}>
          <img src="/images/logo-light.svg" alt="" width={150} height={36} className="h-8 w-auto sm:h-9" />
        </Link>
        <SearchBox nav={nav} className="hidden flex-1 md:block md:max-w-xl" />
        <nav aria-label="Account and basket" className="ml-auto flex items-center gap-2 sm:gap-4">
          <button type="button" onClick={logOut} className="when-signed-in hidden text-sm font-medium hover:text-brand-100 sm:inline">
            Log out
          </button>
          <Link to="/login" className="when-signed-out hidden text-sm font-medium hover:text-brand-100 sm:inline">
            Log in
          </Link>
          <Link to="/my-account" className="when-signed-in rounded p-1 hover:text-brand-100" aria-label="My account">
            <UserIcon />
          </Link>
          <Link to="/login" className="when-signed-out rounded p-1 hover:text-brand-100" aria-label="Log in to your account">
            <UserIcon />
          </Link>
          <Link to="/basket" className="relative rounded p-1 hover:text-brand-100" aria-label={`Basket, ${count} ${count === 1 ? "item" : "items"}`}>
            <BasketIcon />
            <span
              data-testid="basket-count"
              className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-bold text-ink"
            >
              {count}
            </span>
          </Link>
        </nav>
      </div>
      <div className="container-page pb-3 md:hidden">
        <SearchBox nav={nav} />
      </div>
      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile menu" className="border-t border-white/10 bg-ink md:hidden">
          <ul className="container-page flex flex-col py-2 text-base">
            {[
              ["/", "Home"],
              ["/print", "Print"],
              ["/about-us", "About Us"],
              ["/faq", "FAQ"],
              ["/contact-us", "Contact Us"],
            ].map(([to, label]) => (
              <li key={to}>
                <NavLink to={to!} end className="block rounded px-2 py-3 hover:bg-white/10">
                  {label}
                </NavLink>
              </li>
            ))}
            {shop ? (
              <>
                <li>
                  <a href={telHref(shop.phone)} className="flex items-center gap-2 rounded px-2 py-3 hover:bg-white/10">
                    <PhoneIcon /> {shop.phone}
                  </a>
                </li>
                <li>
                  <a href={`mailto:${shop.email}`} className="flex items-center gap-2 rounded px-2 py-3 hover:bg-white/10">
                    <MailIcon /> {shop.email}
                  </a>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      ) : null}
      <CategoryBar nav={nav} />
    </header>
  );
}
