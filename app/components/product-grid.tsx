import { Link } from "react-router";
import { productImage, truncateWords, type ProductView } from "../../domain/catalogue";
import { formatPence } from "../../domain/format";

/** What a card shows: the description already cut to its first words, so pages carry no more of it than they draw. */
export type ProductCardData = Pick<ProductView, "id" | "slug" | "name" | "image" | "pricePence" | "priceType" | "minQty"> & { summary: string };

export function toCardData(product: ProductView): ProductCardData {
  const { id, slug, name, description, image, pricePence, priceType, minQty } = product;
  return { id, slug, name, summary: truncateWords(description), image, pricePence, priceType, minQty };
}

/** A card's name is a heading one level below the section it is in: h2 straight under the page's h1. */
type CardHeading = "h2" | "h3";

/**
 * A card's text is drawn only near the screen (`drawn-near-screen`), so its stand-in height must be its drawn
 * height at every width: a stand-in that is too short grows as the customer scrolls to it, and moves what
 * is below it under their finger (a jump to the reviews moved their buttons 44 px between press and release).
 * So the text has a fixed height, 11.25rem at every width (two lines of name, three of summary, one of price,
 * and the padding), and the picture, whose height follows the card's width, is outside the part that is skipped.
 */
export function ProductCard({ product, heading: Heading = "h3" }: { product: ProductCardData; heading?: CardHeading }) {
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <Link to={`/product/${product.slug}`} className="flex flex-col" prefetch="intent">
        <img
          src={productImage(product.image)}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
        <div className="drawn-near-screen h-45 p-4 [contain-intrinsic-block-size:auto_11.25rem]">
          <Heading className="line-clamp-2 h-12 font-semibold text-ink group-hover:text-brand-700">{product.name}</Heading>
          <p className="mt-2 line-clamp-3 h-15 text-sm text-slate-600">{product.summary}</p>
          <p className="mt-3 h-5 text-sm whitespace-nowrap">
            <span className="text-slate-500">From </span>
            <span className="font-bold text-brand-700">{formatPence(product.pricePence)}</span>
            <span className="text-slate-500">{product.priceType === "sqm" ? " per m²" : " each"}</span>
          </p>
        </div>
      </Link>
    </article>
  );
}

export function ProductGrid({ products, label, heading }: { products: ProductCardData[]; label?: string; heading?: CardHeading }) {
  if (products.length === 0) return <p className="py-8 text-center text-slate-600">No items to display.</p>;
  return (
    <ul className="grid grid-cols-1 gap-5 min-[420px]:grid-cols-2 lg:grid-cols-4" aria-label={label}>
      {products.map((product) => (
        <li key={product.id} className="flex">
          <ProductCard product={product} heading={heading} />
        </li>
      ))}
    </ul>
  );
}
