import { useState } from "react";
import { useNavigate } from "react-router";
import { addItem } from "../../../domain/basket";
import { DESIGN_SERVICE_NAME, DESIGN_STATE_LABELS } from "../../../domain/design-service";
import { formatDeliveryDate, formatPence } from "../../../domain/format";
import { priceText, quantityText } from "../../../domain/order-display";
import { ApiResponseError, calculatePrice } from "../../lib/api-client";
import { basketStore } from "../../lib/basket";
import { openPrivateFile, useAuthorisedObjectUrl, type OrderProduct } from "../../lib/orders-api";

const SHOWN_ATTRIBUTES = 2;

/**
 * Below md the row is a card: artwork beside the details, then one line each for status, quantity and
 * total, named by their column (the header row is kept for screen readers only, so the drawn name is
 * given an empty alternative text and is not read twice).
 */
const stackedCell =
  "max-md:col-span-full max-md:flex max-md:justify-between max-md:gap-4 max-md:border-t max-md:border-slate-100 max-md:px-0 max-md:py-1.5 max-md:before:font-semibold max-md:before:text-slate-600 max-md:before:content-[attr(data-label)_/_'']";

/** One ordered item: its artwork, details (first 2 options, Show more/less), status, quantity, total and reorder. */
export function OrderItemRow({ product }: { product: OrderProduct }) {
  const [expanded, setExpanded] = useState(false);
  const details = [product.size, ...product.attributes.map((a) => `${a.group}: ${a.subattribute}`)].filter(Boolean);
  const shown = expanded ? details : details.slice(0, SHOWN_ATTRIBUTES + 1);
  return (
    <tr className="border-b border-slate-100 align-top last:border-0 max-md:grid max-md:grid-cols-[auto_minmax(0,1fr)] max-md:gap-x-4 max-md:gap-y-1 max-md:p-4">
      <td className="px-4 py-3 max-md:p-0">
        <ArtworkCarousel product={product} />
      </td>
      <td className="px-4 py-3 max-md:mb-2 max-md:p-0">
        <p className="font-semibold">{product.product_name}</p>
        <ul className="mt-1 space-y-0.5 text-slate-600">
          {shown.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {details.length > SHOWN_ATTRIBUTES + 1 ? (
          <button type="button" className="mt-1 text-xs font-semibold text-brand-700 hover:underline" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? "Show less" : "Show more"}
          </button>
        ) : null}
        {product.versions > 1 ? <p className="mt-1 text-slate-600">{product.versions} versions</p> : null}
        {product.design_job ? (
          <p className="mt-1 text-slate-700" data-testid="item-design">
            {DESIGN_SERVICE_NAME} ({formatPence(product.design_fee_pence)}): {DESIGN_STATE_LABELS[product.design_job.state].customer.toLowerCase()}
            {product.design_job.state === "approved" ? `, delivery by ${formatDeliveryDate(product.delivery_date)}` : product.status === "Cancelled" ? "" : `; delivery ${product.turnaround_days ?? 3} working days after you approve it`}
          </p>
        ) : null}
        {product.rejection_reason && product.status === "Awaiting Artwork" ? (
          <p className="mt-2 text-sm font-semibold text-red-700">Artwork returned: {product.rejection_reason}</p>
        ) : null}
        <Reorder product={product} />
      </td>
      <td data-label="Status" className={`px-4 py-3 ${stackedCell}`}>{product.status}</td>
      <td data-label="Qty" className={`px-4 py-3 text-right ${stackedCell}`}>{quantityText(product.qty)}</td>
      <td data-label="Total" className={`px-4 py-3 text-right ${stackedCell}`}>{priceText(product.price)}</td>
    </tr>
  );
}

/** The item's artwork thumbnails, one at a time; clicking one opens its print PDF. */
function ArtworkCarousel({ product }: { product: OrderProduct }) {
  const [index, setIndex] = useState(0);
  const files = product.files;
  const file = files[Math.min(index, files.length - 1)];
  const thumb = useAuthorisedObjectUrl(file?.thumbnail_url ?? null);
  if (!file) return <span className="flex h-20 w-20 items-center justify-center rounded bg-slate-100 text-center text-xs text-slate-500">No artwork yet</span>;
  return (
    <div className="flex items-center gap-1">
      {files.length > 1 ? (
        <button type="button" className="rounded px-1 text-lg" aria-label="Previous artwork" disabled={index === 0} onClick={() => setIndex((i) => Math.max(0, i - 1))}>
          ‹
        </button>
      ) : null}
      <button type="button" onClick={() => void openPrivateFile(file.pdf_url)} className="rounded ring-1 ring-slate-200 hover:ring-brand-600" aria-label={`Open the PDF proof of version ${file.version_number}`}>
        {thumb.src ? <img src={thumb.src} alt="" className="h-20 w-20 rounded bg-slate-100 object-contain" /> : <span className="block h-20 w-20 rounded bg-slate-100" />}
      </button>
      {files.length > 1 ? (
        <button type="button" className="rounded px-1 text-lg" aria-label="Next artwork" disabled={index >= files.length - 1} onClick={() => setIndex((i) => Math.min(files.length - 1, i + 1))}>
          ›
        </button>
      ) : null}
    </div>
  );
}

/**
 * Reorder (spec section 3's reorder entry): the item goes back into the basket at today's price, which the
 * server gives; a changed price is shown. Approved artwork can be reused, so nothing is uploaded again.
 */
function Reorder({ product }: { product: OrderProduct }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const approved = product.files.length === product.versions && product.files.every((f) => f.approved);
  const [reuse, setReuse] = useState(approved);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const attributes = product.attributes.map((a) => ({ group: a.group, subattribute_id: a.subattribute_id, subattribute_name: a.subattribute }));
      const price = await calculatePrice({
        productId: product.product_id,
        ...(product.width_mm !== null ? { customWidth: product.width_mm, customHeight: product.height_mm ?? undefined } : {}),
        selectedQuantity: product.qty,
        attributes,
      });
      basketStore.set((state) =>
        addItem(state, {
          lineId: crypto.randomUUID(),
          productId: product.product_id,
          productName: product.product_name,
          productSlug: product.product_slug,
          image: product.image,
          attributes,
          quantity: product.qty,
          versions: product.versions,
          pricePence: price.linePence,
          qty_limits: null,
          customWidth: product.width_mm,
          customHeight: product.height_mm,
          orientation: product.orientation === "Portrait" || product.orientation === "Landscape" ? product.orientation : null,
          // Last time's print price (a design service paid then is not paid again: its approved proof is the artwork now).
          reorder: { orderId: product.order_id, previousPricePence: product.price_pence - product.design_fee_pence, reuseArtwork: approved && reuse },
          designService: false,
        }),
      );
      navigate("/basket");
    } catch (error) {
      setProblem(error instanceof ApiResponseError ? `This item cannot be ordered again as it was: ${error.message}` : "Network error. Please try again.");
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <button type="button" className="mt-2 block text-sm font-semibold text-brand-700 hover:underline" onClick={() => setOpen(true)}>
        Reorder
      </button>
    );
  }
  return (
    <div className="mt-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <p className="text-sm">Add this item to your basket at today&apos;s price (last time {formatPence(product.price_pence - product.design_fee_pence)} before any promo).</p>
      {approved ? (
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={reuse} onChange={(e) => setReuse(e.target.checked)} />
          Use the same approved artwork (no upload needed)
        </label>
      ) : null}
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-primary px-3 py-1 text-sm" disabled={busy} onClick={() => void add()}>
          {busy ? "Adding…" : "Add to basket"}
        </button>
        <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      {problem ? <p role="alert" className="mt-2 text-sm text-red-700">{problem}</p> : null}
    </div>
  );
}
