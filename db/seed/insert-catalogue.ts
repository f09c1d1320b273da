import type { Db } from "../client";
import { categories, productAttributes, products, productVariants, storedCost, subcategories } from "../schema";
import type { SeedCategory } from "./catalogue-types";

/** Inserts categories with their subcategories, products, attributes and variants, keeping list order. */
export async function insertCatalogue(db: Db, tree: SeedCategory[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [categoryIndex, category] of tree.entries()) {
      const [categoryRow] = await tx
        .insert(categories)
        .values({
          slug: category.slug,
          name: category.name,
          description: category.description,
          image: category.image,
          sortOrder: categoryIndex + 1,
          pageTitle: category.pageTitle,
          pageDescription: category.pageDescription,
          pageKeywords: category.pageKeywords,
        })
        .returning({ id: categories.id });
      for (const [subIndex, sub] of category.subcategories.entries()) {
        const [subRow] = await tx
          .insert(subcategories)
          .values({
            categoryId: categoryRow!.id,
            slug: sub.slug,
            name: sub.name,
            sortOrder: subIndex + 1,
            pageTitle: sub.pageTitle,
            pageDescription: sub.pageDescription,
            pageKeywords: sub.pageKeywords,
          })
          .returning({ id: subcategories.id });
        for (const [productIndex, product] of sub.products.entries()) {
          const [productRow] = await tx
            .insert(products)
            .values({
              subcategoryId: subRow!.id,
              slug: product.slug,
              name: product.name,
              shortDesc: product.shortDesc,
              description: product.description,
              image: product.image,
              pricePence: product.pricePence,
              priceType: product.priceType,
              minWidthMm: product.sizeLimits?.minWidthMm ?? null,
              minHeightMm: product.sizeLimits?.minHeightMm ?? null,
              maxWidthMm: product.sizeLimits?.maxWidthMm ?? null,
              maxHeightMm: product.sizeLimits?.maxHeightMm ?? null,
              minQty: product.minQty,
              ...(product.maxQty !== undefined ? { maxQty: product.maxQty } : {}),
              ...(product.quantityTiers !== undefined ? { quantityTiers: product.quantityTiers } : {}),
              ...(product.minLinePence !== undefined ? { minLinePence: product.minLinePence } : {}),
              orientation: product.orientation,
              fixedSize: product.fixedSize ?? null,
              specifications: product.specifications,
              sortOrder: productIndex + 1,
              pageTitle: product.pageTitle,
              pageDescription: product.pageDescription,
              pageKeywords: product.pageKeywords,
            })
            .returning({ id: products.id });
          const idByKey = new Map<string, number>();
          for (const [attributeIndex, attribute] of product.attributes.entries()) {
            const [attributeRow] = await tx
              .insert(productAttributes)
              .values({
                productId: productRow!.id,
                groupName: attribute.group,
                name: attribute.name,
                displayType: attribute.displayType,
                isDefault: attribute.isDefault ?? false,
                ...storedCost(attribute.cost),
                workingDays: attribute.workingDays ?? null,
                sortOrder: attributeIndex + 1,
              })
              .returning({ id: productAttributes.id });
            idByKey.set(`${attribute.group}/${attribute.name}`, attributeRow!.id);
          }
          for (const [variantIndex, keys] of (product.variants ?? []).entries()) {
            const attributeIds = keys.map((key) => {
              const id = idByKey.get(key);
              if (id === undefined) throw new Error(`Variant of ${product.slug} names unknown attribute ${key}`);
              return id;
            });
            await tx.insert(productVariants).values({ productId: productRow!.id, attributeIds, sortOrder: variantIndex + 1 });
          }
        }
      }
    }
  });
}
