// Managers' categories and subcategories: names, slugs, words, search listing, order, shown or hidden,
// and a category's picture. One transaction per save with its audit entry; a category's old slug
// redirects to its new one (a subcategory's address carries its id, so its old slug is answered by the
// canonical redirect). Names show in every page's menu: every prepared page is dropped, in every process.
import { and, asc, eq, ne } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client";
import { categories, categorySlugRedirects, subcategories } from "../../../db/schema";
import type { CategoryDetails, SubcategoryDetails } from "../../../domain/category-details";
import type { FileStorage } from "../../integrations/storage/storage";
import type { CatalogueChanges } from "../catalogue-changes";
import { failure, type Outcome } from "../outcome";
import { recordAudit, type Actor } from "./audit";
import { storeCataloguePicture } from "./catalogue-pictures";

export type CategoryTree = (CategoryDetails & { id: number; image: string | null; subcategories: (SubcategoryDetails & { id: number })[] })[];

export type CategoryAdmin = {
  tree: () => Promise<CategoryTree>;
  saveCategory: (categoryId: number, details: CategoryDetails, actor: Actor) => Promise<Outcome>;
  saveSubcategory: (subcategoryId: number, details: SubcategoryDetails, actor: Actor) => Promise<Outcome>;
  /** Resizes an uploaded picture (read by content), stores it and makes it the category's image. */
  setImage: (categoryId: number, filePath: string, actor: Actor) => Promise<Outcome<{ image: string }>>;
};

const categoryDetails = (row: typeof categories.$inferSelect): CategoryDetails => ({
  name: row.name,
  slug: row.slug,
  description: row.description,
  pageTitle: row.pageTitle,
  pageDescription: row.pageDescription,
  sortOrder: row.sortOrder,
  visible: row.visible,
});
const subcategoryDetails = (row: typeof subcategories.$inferSelect): SubcategoryDetails => ({
  name: row.name,
  slug: row.slug,
  pageTitle: row.pageTitle,
  pageDescription: row.pageDescription,
  sortOrder: row.sortOrder,
  visible: row.visible,
});

function changedKeys<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T)[]).filter((key) => before[key] !== after[key]).map(String);
}

export function createCategoryAdmin(deps: { db: Db; changes: CatalogueChanges; storage: FileStorage }): CategoryAdmin {
  const { db, changes, storage } = deps;

  async function inTransaction<T extends object>(write: (tx: Tx) => Promise<Outcome<T>>): Promise<Outcome<T>> {
    const result = await db.transaction(async (tx) => {
      const outcome = await write(tx);
      if (outcome.ok) await changes.announce(tx, { productIds: [] });
      return outcome;
    });
    if (result.ok) changes.applied({ productIds: [] });
    return result;
  }

  return {
    async tree() {
      const [categoryRows, subRows] = await Promise.all([
        db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
        db.select().from(subcategories).orderBy(asc(subcategories.sortOrder), asc(subcategories.id)),
      ]);
      return categoryRows.map((c) => ({
        id: c.id,
        image: c.image,
        ...categoryDetails(c),
        subcategories: subRows.filter((s) => s.categoryId === c.id).map((s) => ({ id: s.id, ...subcategoryDetails(s) })),
      }));
    },

    saveCategory: (categoryId, details, actor) =>
      inTransaction<object>(async (tx) => {
        const [before] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for("update");
        if (!before) return failure("not-found", "No such category");
        const [taken] = await tx.select({ name: categories.name }).from(categories).where(and(eq(categories.slug, details.slug), ne(categories.id, categoryId))).limit(1);
        if (taken) return failure("conflict", `The slug "${details.slug}" is already the address of ${taken.name}.`);
        const was = categoryDetails(before);
        const changed = changedKeys(was, details);
        if (changed.length === 0) return failure("invalid", "Nothing to save: these are the category's details now.");
        await tx.update(categories).set(details).where(eq(categories.id, categoryId));
        if (details.slug !== before.slug) {
          await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.oldSlug, details.slug));
          await tx
            .insert(categorySlugRedirects)
            .values({ oldSlug: before.slug, categoryId })
            .onConflictDoUpdate({ target: categorySlugRedirects.oldSlug, set: { categoryId, createdAt: new Date() } });
        }
        await recordAudit(tx, actor, { action: "category.details", entityType: "category", entityId: String(categoryId), summary: `Category ${details.name}: ${changed.join(", ")} changed`, before: was, after: details });
        return { ok: true };
      }),

    saveSubcategory: (subcategoryId, details, actor) =>
      inTransaction<object>(async (tx) => {
        const [before] = await tx.select().from(subcategories).where(eq(subcategories.id, subcategoryId)).for("update");
        if (!before) return failure("not-found", "No such subcategory");
        const [taken] = await tx.select({ name: subcategories.name }).from(subcategories).where(and(eq(subcategories.slug, details.slug), ne(subcategories.id, subcategoryId))).limit(1);
        if (taken) return failure("conflict", `The slug "${details.slug}" is already used by ${taken.name}.`);
        const was = subcategoryDetails(before);
        const changed = changedKeys(was, details);
        if (changed.length === 0) return failure("invalid", "Nothing to save: these are the subcategory's details now.");
        await tx.update(subcategories).set(details).where(eq(subcategories.id, subcategoryId));
        await recordAudit(tx, actor, { action: "subcategory.details", entityType: "subcategory", entityId: String(subcategoryId), summary: `Subcategory ${details.name}: ${changed.join(", ")} changed`, before: was, after: details });
        return { ok: true };
      }),

    async setImage(categoryId, filePath, actor) {
      const [exists] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
      if (!exists) return failure("not-found", "No such category");
      const stored = await storeCataloguePicture(storage, filePath, `c${categoryId}`);
      if (!stored.ok) return stored;
      const { image } = stored;
      return inTransaction<{ image: string }>(async (tx) => {
        const [before] = await tx.select({ image: categories.image, name: categories.name }).from(categories).where(eq(categories.id, categoryId)).for("update");
        if (!before) return failure("not-found", "No such category");
        await tx.update(categories).set({ image }).where(eq(categories.id, categoryId));
        await recordAudit(tx, actor, { action: "category.image", entityType: "category", entityId: String(categoryId), summary: `Category ${before.name}: new picture`, before: { image: before.image }, after: { image } });
        return { ok: true, image };
      });
    },
  };
}
