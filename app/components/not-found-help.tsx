import { Link } from "react-router";
import type { NavCategory } from "../../domain/catalogue";
import { SearchBox } from "./search-box";

/** What a 404 page offers instead of the missing page: the product search and every category. */
export function NotFoundHelp({ nav }: { nav: NavCategory[] }) {
  if (nav.length === 0) return null;
  return (
    <div className="mx-auto mt-8 max-w-xl text-left">
      <SearchBox nav={nav} />
      <nav aria-label="Browse our categories" className="mt-6">
        <h2 className="text-lg font-semibold">Browse our categories</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {nav.map((category) => (
            <li key={category.id}>
              <Link to={`/${category.slug}`} className="btn-outline text-sm">
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
