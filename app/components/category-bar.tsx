import { useEffect, useRef, useState, type CSSProperties } from "react";
import { Link, useLocation } from "react-router";
import { productImage, type NavCategory } from "../../domain/catalogue";
import { ChevronDownIcon } from "./icons";

const HOVER_INTENT_MS = 100;

/** Category tabs; hovering (or focusing) one opens its mega-menu of subcategories and their products. */
export function CategoryBar({ nav }: { nav: NavCategory[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const location = useLocation();

  useEffect(() => setOpenId(null), [location.pathname]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const openSoon = (id: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpenId(id), HOVER_INTENT_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    setOpenId(null);
  };

  // On a phone the categories and Quick Quote share one grid of three columns (its rows as many as they need),
  // so every category shows at once and nothing slides under the button; from md up they are one row.
  const phoneRows = Math.ceil((nav.length + 1) / 3);

  return (
    <div className="relative border-t border-white/10 bg-brand-700" onMouseLeave={close}>
      <div
        className="container-page flex items-center gap-2 max-md:grid max-md:grid-cols-[1fr_1fr_auto] max-md:grid-rows-[repeat(var(--phone-rows),auto)] max-md:gap-x-1 max-md:py-1"
        style={{ "--phone-rows": phoneRows } as CSSProperties}
      >
        <nav
          aria-label="Product categories"
          className="min-w-0 flex-1 max-md:col-span-full max-md:row-span-full max-md:grid max-md:grid-cols-subgrid max-md:grid-rows-subgrid"
        >
          <ul className="-mx-1 flex gap-1 overflow-x-auto whitespace-nowrap [scrollbar-width:none] max-md:col-span-full max-md:row-span-full max-md:mx-0 max-md:grid max-md:grid-cols-subgrid max-md:grid-rows-subgrid max-md:[gap:normal]">
            {nav.map((category) => {
              const open = openId === category.id;
              return (
                <li
                  key={category.id}
                  onMouseEnter={() => openSoon(category.id)}
                  onKeyDown={(event) => {
                    if (event.key === "Escape") close();
                  }}
                >
                  <div className="flex items-center">
                    <Link
                      to={`/${category.slug}`}
                      className={`block px-3 py-2.5 text-sm font-semibold max-md:flex-1 max-md:rounded-md max-md:py-2 max-md:text-center ${open ? "bg-white/15" : "hover:bg-white/10"}`}
                    >
                      {category.name}
                    </Link>
                    <button
                      type="button"
                      className="hidden py-2.5 pr-2 md:block"
                      aria-expanded={open}
                      aria-controls={`mega-${category.id}`}
                      aria-label={`Show ${category.name} products`}
                      onClick={() => (open ? close() : setOpenId(category.id))}
                    >
                      <ChevronDownIcon />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </nav>
        <Link
          to="/quick-quote"
          className="btn-accent my-1.5 shrink-0 px-3 py-1.5 text-sm max-md:col-start-3 max-md:row-start-(--phone-rows) max-md:my-0 max-md:self-center max-md:whitespace-nowrap"
        >
          Quick Quote
        </Link>
      </div>
      {nav.map((category) =>
        openId === category.id ? (
          <div
            key={category.id}
            id={`mega-${category.id}`}
            className="absolute left-0 right-0 hidden border-t border-slate-200 bg-white text-ink shadow-xl md:block"
          >
            <div className="container-page grid grid-cols-[1fr_16rem] gap-8 py-6">
              <div className="grid grid-cols-2 gap-6 lg:grid-cols-4">
                {category.subcategories.map((sub) => (
                  <div key={sub.id}>
                    <Link to={`/category/${sub.id}/${sub.slug}`} className="font-semibold text-brand-700 hover:underline">
                      {sub.name}
                    </Link>
                    <ul className="mt-2 space-y-1 text-sm">
                      {sub.products.map((product) => (
                        <li key={product.id}>
                          <Link to={`/product/${product.slug}`} className="text-slate-700 hover:text-brand-700 hover:underline">
                            {product.name}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
              <Link to={`/${category.slug}`} className="block">
                <img
                  src={productImage(category.image)}
                  alt={category.name}
                  width={256}
                  height={64}
                  loading="lazy"
                  className="h-auto w-full rounded-md bg-slate-100"
                />
                <span className="mt-2 block text-sm font-semibold text-brand-700">All {category.name} →</span>
              </Link>
            </div>
          </div>
        ) : null,
      )}
    </div>
  );
}
