import { useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { searchProducts, type NavCategory, type NavProduct } from "../../domain/catalogue";
import { SearchIcon } from "./icons";

/** Product-name search with suggestions from 2 characters; a combobox usable with the keyboard. */
export function SearchBox({ nav, className = "" }: { nav: NavCategory[]; className?: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const allProducts = useMemo(() => {
    const seen = new Set<number>();
    const list: NavProduct[] = [];
    for (const category of nav)
      for (const sub of category.subcategories)
        for (const product of sub.products)
          if (!seen.has(product.id)) {
            seen.add(product.id);
            list.push(product);
          }
    return list;
  }, [nav]);

  const showing = open && text.trim().length >= 2;
  const results = useMemo(() => searchProducts(allProducts, text), [allProducts, text]);

  const go = (product: NavProduct) => {
    setOpen(false);
    setText("");
    setActive(-1);
    inputRef.current?.blur();
    navigate(`/product/${product.slug}`);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (results.length === 0 ? -1 : Math.min(i + 1, results.length - 1)));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === "Enter") {
      const choice = results[active >= 0 ? active : 0];
      if (showing && choice) {
        event.preventDefault();
        go(choice);
      }
    } else if (event.key === "Escape") {
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className={`relative ${className}`}>
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search products
      </label>
      <div className="flex items-center rounded-md bg-white ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-600">
        <SearchIcon className="ml-3 h-5 w-5 shrink-0 text-slate-400" />
        <input
          ref={inputRef}
          id={`${listId}-input`}
          type="search"
          role="combobox"
          aria-expanded={showing}
          aria-controls={`${listId}-list`}
          aria-autocomplete="list"
          aria-activedescendant={showing && active >= 0 ? `${listId}-opt-${active}` : undefined}
          autoComplete="off"
          placeholder="Search products"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
          className="w-full rounded-md bg-transparent px-2 py-2 text-sm text-ink placeholder:text-slate-500 focus:outline-none focus-visible:outline-none"
        />
      </div>
      {showing ? (
        <ul
          id={`${listId}-list`}
          role="listbox"
          aria-label="Matching products"
          className="absolute left-0 right-0 top-full z-40 mt-1 max-h-80 overflow-y-auto rounded-md bg-white py-1 text-sm text-ink shadow-lg ring-1 ring-slate-200"
        >
          {results.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-600">
              No items found named "{text}"
            </li>
          ) : (
            results.map((product, index) => (
              <li
                key={product.id}
                id={`${listId}-opt-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  go(product);
                }}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-2 ${index === active ? "bg-brand-50 text-brand-800" : ""}`}
              >
                {product.name}
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
