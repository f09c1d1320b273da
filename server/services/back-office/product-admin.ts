// Managers' product details: names, slug, words, search listing, visibility and position. One transaction
// per save with its audit entry; a changed slug leaves a redirect from the old one, and the new slug takes
// over any redirect that pointed elsewhere. The change is announced to every process: names show in every
// page's header, so all prepared pages are dropped.
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { products, productSlugRedirects } from "../../../db/schema";
import type { ProductDetails } from "../../../domain/product-details";
import type { FileStorage } from "../../integrations/storage/storage";
import type { CatalogueChanges } from "../catalogue-changes";
import { failure, type Outcome } from "../outcome";
import { recordAudit, type Actor } from "./audit";
import { storeCataloguePicture } from "./catalogue-pictures";


export type ProductAdmin = {
  /** Resizes an uploaded picture (JPEG, PNG or WebP, read by content), stores it and makes it the product's image. */
  setImage: (productId: number, filePath: string, actor: Actor) => Promise<Outcome<{ image: string }>>;
  details: (productId: number) => Promise<(ProductDetails & { id: number; image: string | null; redirects: string[] }) | null>;
  saveDetails: (productId: number, details: ProductDetails, actor: Actor) => Promise<Outcome<{ details: ProductDetails }>>;
};

function detailsOf(row: typeof products.$inferSelect): ProductDetails {
  return {
    name: row.name,
    slug: row.slug,
    shortDesc: row.shortDesc,
    description: row.description,
    specifications: row.specifications,
    pageTitle: row.pageTitle,
    pageDescription: row.pageDescription,
    visible: row.active,
    sortOrder: row.sortOrder,
  };
}

export function createProductAdmin(deps: { db: Db; changes: CatalogueChanges; storage: FileStorage }): ProductAdmin {
  const { db, changes, storage } = deps;
  return {
    async setImage(productId, filePath, actor) {
      const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
      if (!exists) return failure("not-found", "No such product");
      const stored = await storeCataloguePicture(storage, filePath, String(productId));
      if (!stored.ok) return stored;
      const { image } = stored;
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ image: products.image, name: products.name }).from(products).where(eq(products.id, productId)).for("update");
        await tx.update(products).set({ image, updatedAt: new Date() }).where(eq(products.id, productId));
        await recordAudit(tx, actor, { action: "product.image", entityType: "product", entityId: String(productId), summary: `${before?.name ?? productId}: new picture`, before: { image: before?.image ?? null }, after: { image } });
        await changes.announce(tx, { productIds: [productId] });
      });
      changes.applied({ productIds: [productId] });
      return { ok: true, image };
    },

    async details(productId) {
      const [row] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
      if (!row) return null;
      const redirects = await db.select({ oldSlug: productSlugRedirects.oldSlug }).from(productSlugRedirects).where(eq(productSlugRedirects.productId, productId));
      return { id: row.id, image: row.image, ...detailsOf(row), redirects: redirects.map((r) => r.oldSlug).sort() };
    },

    async saveDetails(productId, details, actor) {
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
        if (!before) return failure("not-found", "No such product");
        const [taken] = await tx.select({ id: products.id, name: products.name }).from(products).where(and(eq(products.slug, details.slug), ne(products.id, productId))).limit(1);
        if (taken) return failure("conflict", `The slug "${details.slug}" is already the address of ${taken.name}.`);
        const was = detailsOf(before);
        const changed = (Object.keys(details) as (keyof ProductDetails)[]).filter((key) => details[key] !== was[key]);
        if (changed.length === 0) return failure("invalid", "Nothing to save: these are the product's details now.");
        await tx
          .update(products)
          .set({
            name: details.name,
            slug: details.slug,
            shortDesc: details.shortDesc,
            description: details.description,
            specifications: details.specifications,
            pageTitle: details.pageTitle,
            pageDescription: details.pageDescription,
            active: details.visible,
            sortOrder: details.sortOrder,
            updatedAt: new Date(),
          })
          .where(eq(products.id, productId));
        if (details.slug !== before.slug) {
          // The new address is this product's now, whatever it redirected to before; the old one redirects here.
          await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, details.slug));
          await tx
            .insert(productSlugRedirects)
            .values({ oldSlug: before.slug, productId })
            .onConflictDoUpdate({ target: productSlugRedirects.oldSlug, set: { productId, createdAt: new Date() } });
        }
        const visibility = details.visible !== was.visible ? (details.visible ? " (shown to customers)" : " (hidden from customers)") : "";
        await recordAudit(tx, actor, {
          action: "product.details",
          entityType: "product",
          entityId: String(productId),
          summary: `${details.name}: ${changed.join(", ")} changed${visibility}`,
          before: was,
          after: details,
        });
        // No product ids: a name shows in every page's header, so every prepared page goes.
        await changes.announce(tx, { productIds: [] });
        return { ok: true as const, details };
      });
      if (result.ok) changes.applied({ productIds: [] });
      return result;
    },
  };
}
