// The catalogue in `GET /api/data`'s shape (server/services/catalogue-service.ts): the spec's section 3 field names, pounds where the spec has pounds.
import type { CategoryView, ProductView, SubcategoryView } from "../../../domain/catalogue";
import { penceToPounds } from "../../../domain/money";

function apiPageMeta(view: { pageTitle: string; pageDescription: string; pageKeywords: string }) {
  return { page_title: view.pageTitle, page_description: view.pageDescription, page_keywords: view.pageKeywords };
}

export function toApiCategory(c: CategoryView) {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    image: c.image,
    order: c.order,
    ...apiPageMeta(c),
    subcategories: c.subcategories.map(toApiSubcategory),
  };
}

function toApiSubcategory(s: SubcategoryView) {
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    order: s.order,
    ...apiPageMeta(s),
    products: s.products.map(toApiProduct),
  };
}

function toApiProduct(p: ProductView) {
  return {
    id: p.id,
    slug: p.slug,
    product_name: p.name,
    product_short_desc: p.shortDesc,
    description: p.description,
    product_description: p.description,
    image_url: p.image,
    img: p.image,
    price: penceToPounds(p.pricePence),
    order: p.order,
    price_type: p.priceType,
    size_limits: p.sizeLimits
      ? {
          min_width: p.sizeLimits.minWidthMm,
          min_height: p.sizeLimits.minHeightMm,
          max_width: p.sizeLimits.maxWidthMm,
          max_height: p.sizeLimits.maxHeightMm,
        }
      : null,
    qty_limits: { min_qty: p.minQty, max_qty: p.maxQty, orientation: p.orientation, fixed_size: p.fixedSize },
    quantity_tiers: p.quantityTiers.map((t) => ({ min_qty: t.minQty, percent: t.percent })),
    min_line_charge: penceToPounds(p.minLinePence),
    attributes: p.attributes.map((a) => ({
      group: a.group,
      subattribute_id: a.id,
      subattribute_name: a.name,
      is_default: a.isDefault,
      cost: a.cost.unit === "percentage" ? a.cost.basisPoints / 100 : penceToPounds(a.cost.pence),
      cost_unit: a.cost.unit,
      display_type: a.displayType,
      working_days: a.workingDays,
    })),
    productSpecifications: p.specifications,
    product_specifications: p.specifications,
    variants: p.variants.map((attributeIds) => ({ attributeIds })),
    ...apiPageMeta(p),
  };
}
