import { useState } from "react";
import { categoryDetailsSchema, subcategoryDetailsSchema, type CategoryDetails, type SubcategoryDetails } from "../../../domain/category-details";
import { SEO_DESCRIPTION_SHOWN, SEO_TITLE_SHOWN } from "../../../domain/product-details";
import { saveCategory, saveSubcategory } from "../../lib/back-office-api";
import { TextField } from "../form-field";
import { shownHint, sortOrderOf, useDetailsSave } from "./use-details-save";

type Fields = { name: string; slug: string; description?: string; pageTitle: string; pageDescription: string; sortOrder: string; visible: boolean };

const fieldsOf = (details: CategoryDetails | SubcategoryDetails): Fields => ({ ...details, sortOrder: String(details.sortOrder) });

/**
 * The words of one category (with a description; at /<slug>) or subcategory (at /category/<slug>-<id>),
 * checked by the same schema the server reads; `onSaved` reloads the tree.
 */
export function CategoryFields(props: { kind: "category" | "subcategory"; id: number; details: CategoryDetails | SubcategoryDetails; onSaved: () => Promise<void> }) {
  const { kind, id, details, onSaved } = props;
  const [fields, setFields] = useState<Fields>(() => fieldsOf(details));
  const { errors, status, busy, save } = useDetailsSave();
  const set = (name: keyof Fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const prefix = `${kind}-${id}`;

  return (
    <form
      method="post"
      aria-label={`${kind === "category" ? "Category" : "Subcategory"} ${details.name}`}
      noValidate
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        const candidate = { ...fields, sortOrder: sortOrderOf(fields.sortOrder) };
        const parsed = kind === "category" ? categoryDetailsSchema.safeParse(candidate) : subcategoryDetailsSchema.safeParse(candidate);
        await save<CategoryDetails | SubcategoryDetails>(parsed, async (data) => {
          if (kind === "category") await saveCategory(id, data as CategoryDetails);
          else await saveSubcategory(id, data);
          await onSaved();
          return kind === "category" && data.slug !== details.slug ? `Saved. /${details.slug} now moves permanently to /${data.slug}.` : "Saved. Customers see the change now.";
        });
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${prefix}-name`} label="Name" name="name" value={fields.name} onChange={set("name")} error={errors.name} required />
        <TextField
          id={`${prefix}-slug`}
          label={kind === "category" ? "Slug (address: /…)" : "Slug (address: /category/…-id)"}
          name="slug"
          value={fields.slug}
          onChange={set("slug")}
          error={errors.slug}
          required
          hint={kind === "category" ? "Changing it keeps the old address working: it moves permanently to the new one." : "The address carries the subcategory's number, so an old slug still finds it."}
        />
      </div>
      {kind === "category" ? (
        <div>
          <label htmlFor={`${prefix}-description`} className="field-label">Description</label>
          <textarea id={`${prefix}-description`} rows={3} className="field-input" value={fields.description ?? ""} onChange={set("description")} aria-invalid={errors.description ? true : undefined} />
          {errors.description ? <p className="mt-1 text-sm font-semibold text-red-800">{errors.description}</p> : null}
        </div>
      ) : null}
      <TextField id={`${prefix}-title`} label="Search title" name="pageTitle" value={fields.pageTitle} onChange={set("pageTitle")} error={errors.pageTitle} required hint={shownHint(fields.pageTitle, SEO_TITLE_SHOWN)} />
      <TextField id={`${prefix}-desc`} label="Search description" name="pageDescription" value={fields.pageDescription} onChange={set("pageDescription")} error={errors.pageDescription} required hint={shownHint(fields.pageDescription, SEO_DESCRIPTION_SHOWN)} />
      {!fields.visible ? (
        <p className="text-sm text-amber-900">
          Hidden: not in the menu, its pages answer “not found”, and {kind === "category" ? "everything in it" : "its products"} cannot be ordered; orders that have them still show them.
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex items-center gap-2 pb-2 text-sm font-semibold">
          <input type="checkbox" checked={fields.visible} onChange={(e) => setFields({ ...fields, visible: e.target.checked })} /> Shown to customers
        </label>
        <TextField id={`${prefix}-position`} label={kind === "category" ? "Position in the menu" : "Position in its category"} name="sortOrder" inputMode="numeric" value={fields.sortOrder} onChange={set("sortOrder")} error={errors.sortOrder} className="w-48" />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Saving..." : `Save ${kind}`}
        </button>
        {status ? <p role={status.ok ? "status" : "alert"} className={`pb-2 text-sm font-semibold ${status.ok ? "text-green-800" : "text-red-800"}`}>{status.text}</p> : null}
      </div>
    </form>
  );
}
