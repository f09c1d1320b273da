import { Link } from "react-router";
import { productImage, truncateWords, type ProductView } from "../../domain/catalogue";
import { formatPence } from "../../domain/format";

/** What a card shows: the description already cut to its first words, so pages carry no more of it than they draw. */
export type ProductCardData = Pick<ProductView, "id" | "slug" | "name" | "image" | "pricePence" | "priceType" | "minQty"> & { summary: string };

export function toCardData(product: ProductView): ProductCardData {
  const { id, slug, name, description, image, pricePence, priceType, minQty } = product;
  return { id, slug, name, summary: truncateWords(description), image, pricePence, priceType, minQty };
}

export function ProductCard({ product }: { product: ProductCardData }) {
  return (
    <article className="group drawn-near-screen flex w-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition [contain-intrinsic-block-size:auto_24rem] hover:shadow-md">
      <Link to={`/product/${product.slug}`} className="flex flex-1 flex-col" prefetch="intent">
        <img
          src={productImage(product.image)}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
        <div className="flex flex-1 flex-col p-4">
          <h3 className="font-semibold text-ink group-hover:text-brand-700">{product.name}</h3>
          <p className="mt-2 flex-1 text-sm text-slate-600">{product.summary}</p>
          <p className="mt-3 text-sm">
            <span className="text-slate-500">From </span>
            <span className="font-bold text-brand-700">{formatPence(product.pricePence)}</span>
            <span className="text-slate-500">{product.priceType === "sqm" ? " per m²" : " each"}</span>
          </p>
        </div>
      </Link>
    </article>
  );
}

export function ProductGrid({ products, label }: { products: ProductCardData[]; label?: string }) {
  if (products.length === 0) return <p className="py-8 text-center text-slate-600">No items to display.</p>;
  return (
    <ul className="grid grid-cols-1 gap-5 min-[420px]:grid-cols-2 lg:grid-cols-4" aria-label={label}>
      {products.map((product) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
