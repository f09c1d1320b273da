// One product as the shop reads it (server/services/catalogue-service.ts), built from its rows.
import { attributeCost, type productAttributes, type products, type productVariants } from "../../../db/schema";
import type { AttributeView, ProductView } from "../../../domain/catalogue";

type ProductRow = typeof products.$inferSelect;
type AttributeRow = typeof productAttributes.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** One product as the shop reads it, from its rows (attributes and variants in their order). */
export function productView(row: ProductRow, attributeRows: AttributeRow[], variantRows: VariantRow[], categoryId: number): ProductView {
  const attributes = attributeRows.map(
    (a): AttributeView => ({
      id: a.id,
      group: a.groupName,
      name: a.name,
      displayType: a.displayType,
      isDefault: a.isDefault,
      cost: attributeCost(a.costUnit, a.costValue),
      workingDays: a.workingDays,
    }),
  );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    shortDesc: row.shortDesc,
    description: row.description,
    image: row.image,
    pricePence: row.pricePence,
    priceType: row.priceType,
    sizeLimits:
      row.priceType === "sqm"
        ? {
            minWidthMm: row.minWidthMm ?? 1,
            minHeightMm: row.minHeightMm ?? 1,
            maxWidthMm: row.maxWidthMm ?? 100_000,
            maxHeightMm: row.maxHeightMm ?? 100_000,
          }
        : null,
    minQty: row.minQty,
    maxQty: row.maxQty,
    quantityTiers: row.quantityTiers,
    minLinePence: row.minLinePence,
    orientation: row.orientation,
    fixedSize: row.fixedSize,
    attributes,
    variants: variantRows.map((v) => v.attributeIds),
    specifications: row.specifications,
    order: row.sortOrder,
    subcategoryId: row.subcategoryId,
    categoryId,
    pageTitle: row.pageTitle,
    pageDescription: row.pageDescription,
    pageKeywords: row.pageKeywords,
  };
}
