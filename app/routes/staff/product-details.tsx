import { useState } from "react";
import { Link, useParams } from "react-router";
import { productDetailsSchema, SEO_DESCRIPTION_SHOWN, SEO_TITLE_SHOWN, type ProductDetails } from "../../../domain/product-details";
import { PictureUpload } from "../../components/back-office/picture-upload";
import { shownHint, sortOrderOf, useDetailsSave } from "../../components/back-office/use-details-save";
import { TextField } from "../../components/form-field";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { fetchProductDetails, saveProductDetails, uploadProductImage, type ProductDetailsAnswer } from "../../lib/back-office-api";
import { managerOnly } from "../../lib/staff-document";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/product-details";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Product details | Printwise back office" }, { name: "robots", content: "noindex" }];

type Text = Omit<ProductDetails, "visible" | "sortOrder"> & { sortOrder: string };

/** A product's names, address, words and search listing; shown to customers or hidden. */
export default function ProductDetailsPage() {
  const { productId = "" } = useParams();
  const [loaded, setLoaded] = useState<ProductDetailsAnswer | null>(null);
  const [text, setText] = useState<Text | null>(null);
  const [visible, setVisible] = useState(true);
  const { errors, status, setStatus, busy, save } = useDetailsSave();

  const adopt = (answer: ProductDetailsAnswer) => {
    setLoaded(answer);
    setText({ ...answer.details, sortOrder: String(answer.details.sortOrder) });
    setVisible(answer.details.visible);
  };
  useSignedInLoad((_userId, signal) => void fetchProductDetails(productId, signal).then(adopt, (e: unknown) => (e as Error).name !== "AbortError" && setStatus({ ok: false, text: errorMessage(e) })), { key: productId });

  if (!loaded || !text) return status ? <p role="alert" className="font-semibold text-red-800">{status.text}</p> : <LoadingState label="Loading the product..." rows={6} />;
  const set = (name: keyof Text) => (e: { target: { value: string } }) => setText({ ...text, [name]: e.target.value });

  return (
    <section aria-labelledby="details-heading" className="max-w-3xl">
      <p className="text-sm">
        <Link to="/staff/catalogue" className="text-brand-700 underline-offset-2 hover:underline">← All products</Link>
        {" · "}
        <Link to={`/staff/catalogue/${loaded.id}`} className="text-brand-700 underline-offset-2 hover:underline">Prices</Link>
      </p>
      <h1 id="details-heading" className="mt-2 text-2xl font-bold">{loaded.details.name}: details</h1>
      <div className="mt-4">
        <PictureUpload id="product-picture" label="New picture" image={loaded.image} upload={(file, onProgress) => uploadProductImage(loaded.id, file, onProgress)} onChanged={async () => adopt(await fetchProductDetails(loaded.id))} />
      </div>
      <form
        method="post"
        aria-label="Product details"
        noValidate
        className="mt-4 space-y-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
        onSubmit={async (event) => {
          event.preventDefault();
          await save(productDetailsSchema.safeParse({ ...text, sortOrder: sortOrderOf(text.sortOrder), visible }), async (data) => {
            const saved = await saveProductDetails(loaded.id, data);
            adopt(await fetchProductDetails(loaded.id));
            return saved.details.slug !== loaded.details.slug ? `Saved. /product/${loaded.details.slug} now moves permanently to /product/${saved.details.slug}.` : "Saved. Customers see the change now.";
          });
        }}
      >
        <TextField label="Name" name="name" value={text.name} onChange={set("name")} error={errors.name} required />
        <TextField label="Slug (address: /product/…)" name="slug" value={text.slug} onChange={set("slug")} error={errors.slug} required hint={loaded.redirects.length > 0 ? `Earlier addresses that move here: ${loaded.redirects.map((r) => `/product/${r}`).join(", ")}` : "Changing it keeps the old address working: it moves permanently to the new one."} />
        <TextField label="Short description" name="shortDesc" value={text.shortDesc} onChange={set("shortDesc")} error={errors.shortDesc} required />
        {(["description", "specifications"] as const).map((name) => (
          <div key={name}>
            <label htmlFor={`details-${name}`} className="field-label">{name === "description" ? "Description" : "Specifications (one per line)"}</label>
            <textarea id={`details-${name}`} rows={name === "description" ? 6 : 5} className="field-input" value={text[name]} onChange={set(name)} aria-invalid={errors[name] ? true : undefined} />
            {errors[name] ? <p className="mt-1 text-sm font-semibold text-red-800">{errors[name]}</p> : null}
          </div>
        ))}
        <TextField label="Search title" name="pageTitle" value={text.pageTitle} onChange={set("pageTitle")} error={errors.pageTitle} required hint={shownHint(text.pageTitle, SEO_TITLE_SHOWN)} />
        <TextField label="Search description" name="pageDescription" value={text.pageDescription} onChange={set("pageDescription")} error={errors.pageDescription} required hint={shownHint(text.pageDescription, SEO_DESCRIPTION_SHOWN)} />
        <div className="flex flex-wrap items-end gap-6">
          <TextField label="Position in its subcategory" name="sortOrder" inputMode="numeric" value={text.sortOrder} onChange={set("sortOrder")} error={errors.sortOrder} className="w-48" />
          <label className="flex items-center gap-2 pb-2 text-sm font-semibold">
            <input type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} /> Shown to customers
          </label>
        </div>
        {!visible ? <p className="text-sm text-amber-900">Hidden: customers get “Product not found” at its address and cannot order it; orders that have it still show it.</p> : null}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? "Saving..." : "Save details"}
          </button>
          {status ? <p role={status.ok ? "status" : "alert"} className={`text-sm font-semibold ${status.ok ? "text-green-800" : "text-red-800"}`}>{status.text}</p> : null}
        </div>
      </form>
    </section>
  );
}
