// The back office's calls (bearer token; the server checks the manager role on every one).
import type { CategoryDetails, SubcategoryDetails } from "../../domain/category-details";
import type { PriceInputs } from "../../domain/price-inputs";
import type { ProductDetails } from "../../domain/product-details";
import type { PromotionForm } from "../../domain/promotion";
import type { StaffRole } from "../../domain/roles";
import type { ApiAnswer } from "../../server/api/contract";
import { api, postForm } from "./api-client";
import { openPrivateFile } from "./orders-api";

export type ProductSummary = ApiAnswer<"GET /api/manage/products">["products"][number];
export type ProductPrices = ApiAnswer<"GET /api/manage/products/:productId/prices">;
export type PricePreview = ApiAnswer<"POST /api/manage/products/:productId/prices/preview">;
export type PriceVersion = ApiAnswer<"GET /api/manage/products/:productId/prices/history">["versions"][number];
export type PriceImport = ApiAnswer<"POST /api/manage/price-list/import">;
export type Promotion = ApiAnswer<"GET /api/manage/promotions">["promotions"][number];
export type AuditPage = ApiAnswer<"GET /api/manage/audit">;
export type StaffMember = ApiAnswer<"GET /api/manage/staff">["staff"][number];

export const fetchProducts = (signal?: AbortSignal) => api("GET /api/manage/products", { auth: true, signal });
export const fetchPrices = (productId: number | string, signal?: AbortSignal) => api("GET /api/manage/products/:productId/prices", { params: { productId }, auth: true, signal });
export const previewPrices = (productId: number, inputs: PriceInputs, signal?: AbortSignal) =>
  api("POST /api/manage/products/:productId/prices/preview", { params: { productId }, body: { inputs }, auth: true, signal });
export const savePrices = (productId: number, inputs: PriceInputs, baseVersion: number) =>
  api("PUT /api/manage/products/:productId/prices", { params: { productId }, body: { inputs, baseVersion }, auth: true });
export type ProductDetailsAnswer = ApiAnswer<"GET /api/manage/products/:productId/details">;
export const fetchProductDetails = (productId: number | string, signal?: AbortSignal) => api("GET /api/manage/products/:productId/details", { params: { productId }, auth: true, signal });
export const saveProductDetails = (productId: number, details: ProductDetails) => api("PUT /api/manage/products/:productId/details", { params: { productId }, body: details, auth: true });
export const fetchPriceHistory = (productId: number | string, signal?: AbortSignal) => api("GET /api/manage/products/:productId/prices/history", { params: { productId }, auth: true, signal });
export const restorePrices = (productId: number, version: number, baseVersion: number) =>
  api("POST /api/manage/products/:productId/prices/restore", { params: { productId }, body: { version, baseVersion }, auth: true });

export const downloadPriceList = () => openPrivateFile("/api/manage/price-list.csv", `price-list-${new Date().toISOString().slice(0, 10)}.csv`);
export const importPriceList = (csv: string, apply: boolean) => api("POST /api/manage/price-list/import", { body: { csv, apply }, auth: true });

export const fetchPromotions = (signal?: AbortSignal) => api("GET /api/manage/promotions", { auth: true, signal });
export const createPromotion = (form: PromotionForm) => api("POST /api/manage/promotions", { body: form, auth: true });
export const updatePromotion = (promotionId: number, form: PromotionForm) => api("PUT /api/manage/promotions/:promotionId", { params: { promotionId }, body: form, auth: true });

export type SalesReport = ApiAnswer<"GET /api/manage/reports/sales">;
export type SalesQuery = { from: string; to: string; by: "day" | "month" | "quarter" };
export const fetchSalesReport = (query: SalesQuery, signal?: AbortSignal) => api("GET /api/manage/reports/sales", { query, auth: true, signal });
export const downloadSalesReport = (query: SalesQuery) =>
  openPrivateFile(`/api/manage/reports/sales.csv?${new URLSearchParams(query).toString()}`, `sales-${query.from}-to-${query.to}-by-${query.by}.csv`);

export type AuditFilters = { person?: string; entityType?: string; from?: string; to?: string };
export const fetchAudit = (before: number | null, filters: AuditFilters = {}, signal?: AbortSignal) =>
  api("GET /api/manage/audit", { query: { before, ...filters } as { before: number | null }, auth: true, signal });

export const fetchStaff = (signal?: AbortSignal) => api("GET /api/manage/staff", { auth: true, signal });
export const changeStaffRole = (userId: number, role: StaffRole) => api("POST /api/manage/staff/:userId/role", { params: { userId }, body: { role }, auth: true });
export const removeStaff = (userId: number) => api("POST /api/manage/staff/:userId/remove", { params: { userId }, auth: true });
export const inviteStaff = (email: string, role: StaffRole) => api("POST /api/manage/staff", { body: { email, role }, auth: true });

export const fetchCategories = (signal?: AbortSignal) => api("GET /api/manage/categories", { auth: true, signal });
export type CategoryTree = ApiAnswer<"GET /api/manage/categories">["categories"];
export const saveCategory = (categoryId: number, details: CategoryDetails) => api("PUT /api/manage/categories/:categoryId", { params: { categoryId }, body: details, auth: true });
export const saveSubcategory = (subcategoryId: number, details: SubcategoryDetails) => api("PUT /api/manage/subcategories/:subcategoryId", { params: { subcategoryId }, body: details, auth: true });

type Progress = (sent: number, total: number) => void;

/** Uploads a product's picture; progress is the real bytes sent. Resolves with the picture's address. */
export async function uploadProductImage(productId: number, file: File, onProgress: Progress): Promise<string> {
  const answer = await postForm("POST /api/manage/products/:productId/image", pictureForm(file), { params: { productId }, auth: true, onProgress: (sent, total) => onProgress(sent, total ?? file.size) });
  return answer.image;
}

/** Uploads a category's picture, as a product's. */
export async function uploadCategoryImage(categoryId: number, file: File, onProgress: Progress): Promise<string> {
  const answer = await postForm("POST /api/manage/categories/:categoryId/image", pictureForm(file), { params: { categoryId }, auth: true, onProgress: (sent, total) => onProgress(sent, total ?? file.size) });
  return answer.image;
}

function pictureForm(file: File): FormData {
  const form = new FormData();
  form.append("image", file, file.name);
  return form;
}

export type TodayFigures = ApiAnswer<"GET /api/manage/today">;
export const fetchToday = (signal?: AbortSignal) => api("GET /api/manage/today", { auth: true, signal });
