// Design online (issue 40): the editor at the ordered size, opened from the product page (for the basket)
// or from the artwork page (for an item already paid for). The editor's code is this route's alone, so
// the product page loads none of it.
import { data, Link, useSearchParams } from "react-router";
import { orderedArtworkSize } from "../../domain/artwork";
import { defaultSelection } from "../../domain/configuration";
import { finishingFrom } from "../../domain/design/guides";
import { templateCategoryOf, templatesFor } from "../../domain/design/templates";
import { orderedSizeMm } from "../../domain/preflight";
import { DesignEditor, type EditorTarget } from "../components/design-editor/editor";
import { useHydrated } from "../lib/use-hydrated";
import type { Route } from "./+types/design";
import { NeedsJavaScript, WHILE_SCRIPTS_LOAD } from "../components/needs-javascript";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: loaded ? `Design your ${loaded.product.name} online | Printwise Trade Print` : "Product not found" },
  { name: "robots", content: "noindex" },
];

const number = (value: string | null) => (value !== null && value.trim() !== "" && Number.isFinite(Number(value)) ? Number(value) : null);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const snapshot = await context.services.catalogue.snapshot();
  const product = snapshot.productBySlug.get(params.productSlug);
  if (!product) throw data("Product not found", { status: 404 });
  const query = new URL(request.url).searchParams;
  const limits = product.sizeLimits;
  const clamp = (value: number | null, min: number, fallback: number) => Math.min(Math.max(limits?.maxWidthMm ?? 50_000, limits?.maxHeightMm ?? 50_000), Math.max(min, value ?? fallback));
  const orientationParam = query.get("o");
  const orientation: "Portrait" | "Landscape" = orientationParam === "Landscape" || orientationParam === "Portrait" ? orientationParam : product.orientation === "landscape" ? "Landscape" : "Portrait";
  const custom = product.priceType !== "fixed";
  const widthMm = custom ? clamp(number(query.get("w")), limits?.minWidthMm ?? 10, limits?.minWidthMm ?? 1000) : null;
  const heightMm = custom ? clamp(number(query.get("h")), limits?.minHeightMm ?? 10, limits?.minHeightMm ?? 1000) : null;
  const ordered = orderedArtworkSize({ widthMm, heightMm, fixedSize: product.fixedSize, orientation: custom ? null : orientation });
  if (!ordered) throw data("Product not found", { status: 404 });
  const size = orderedSizeMm(ordered);
  const chosen = (query.get("a") ?? "").split(",").map(Number).filter((id) => product.attributes.some((a) => a.id === id));
  const attributeIds = chosen.length > 0 ? chosen : Object.values(defaultSelection(product));
  const category = snapshot.categories.find((c) => c.id === product.categoryId);
  return {
    product: { id: product.id, slug: product.slug, name: product.name, image: product.image, minQty: product.minQty, orientation: product.orientation, fixedSize: product.fixedSize, priceType: product.priceType, attributes: product.attributes.map((a) => ({ id: a.id, group: a.group, name: a.name })) },
    size,
    finishingNames: product.attributes.filter((a) => attributeIds.includes(a.id)).map((a) => a.name),
    category: templateCategoryOf(category?.slug),
    basket: {
      quantity: Math.max(product.minQty, Math.round(number(query.get("q")) ?? product.minQty)),
      widthMm,
      heightMm,
      orientation: custom ? null : orientation,
      attributeIds,
    },
  };
}

/** Back to the artwork page (or the order) the editor was opened from; never another site. */
function safeReturn(path: string | null): string {
  return path && /^\/(checkout\/artwork-uploader|my-account\/orders)/.test(path) ? path : "/my-account/orders";
}

export default function DesignPage({ loaderData }: Route.ComponentProps) {
  const { product, size, finishingNames, category, basket } = loaderData;
  const [search] = useSearchParams();
  const hydrated = useHydrated();
  const orderId = number(search.get("order"));
  const target: EditorTarget = orderId
    ? { kind: "order", orderId, versionNumber: number(search.get("version")) ?? 1, returnTo: safeReturn(search.get("return")) }
    : { kind: "basket", ...basket };
  return (
    <div className="container-page py-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link to={`/product/${product.slug}`} className="hover:text-brand-700 hover:underline">‹ Back to {product.name}</Link>
      </nav>
      <h1 className="mt-1 text-2xl font-bold">Design your {product.name}</h1>
      <p className="mb-3 text-sm text-slate-600">
        Printed at exactly the size you chose, as a vector print file. {orderId ? "This design becomes your item's artwork; you approve its proof before we print." : "Use the design and it goes in your basket with your item."}
      </p>
      {hydrated ? (
        <DesignEditor
          product={product}
          size={size}
          finishing={finishingFrom(finishingNames)}
          templates={templatesFor(category)}
          target={target}
          open={{ designId: number(search.get("design")), draftId: search.get("draft") }}
        />
      ) : (
        <>
          <NeedsJavaScript>Designing online needs JavaScript. Please turn it on to design your artwork.</NeedsJavaScript>
          <p role="status" className={`rounded-lg bg-white p-6 text-slate-600 ring-1 ring-slate-200 ${WHILE_SCRIPTS_LOAD}`}>Opening the editor…</p>
        </>
      )}
    </div>
  );
}
