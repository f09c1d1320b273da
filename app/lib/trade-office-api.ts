// The back office's quote and trade-account calls (managers; the server checks the role on every one).
import type { QuotePrice } from "../../domain/quote";
import type { ApiAnswer, ApiBody } from "../../server/api/contract";
import { api } from "./api-client";
import { openPrivateFile } from "./orders-api";

export type ManagedQuote = ApiAnswer<"GET /api/manage/quotes/:quoteId">;
export type ManagedQuoteEntry = ApiAnswer<"GET /api/manage/quotes">["quotes"][number];
export type TradeAccountSummary = ApiAnswer<"GET /api/manage/trade-accounts">["accounts"][number];
export type TradeAccountDetail = ApiAnswer<"GET /api/manage/trade-accounts/:userId">;
export type Receivables = ApiAnswer<"GET /api/manage/reports/receivables">;

export const fetchManagedQuotes = (status: "requested" | "open" | "ordered" | null, signal?: AbortSignal) => api("GET /api/manage/quotes", { query: { status }, auth: true, signal });
export const fetchManagedQuote = (quoteId: number | string, signal?: AbortSignal) => api("GET /api/manage/quotes/:quoteId", { params: { quoteId }, auth: true, signal });
export const priceQuote = (quoteId: number, price: QuotePrice) => api("POST /api/manage/quotes/:quoteId/price", { params: { quoteId }, body: price, auth: true });
export const downloadQuoteAttachment = (quoteId: number, index: number, fileName: string) => openPrivateFile(`/api/manage/quotes/${quoteId}/attachments/${index}`, fileName);

export const fetchTradeAccounts = (signal?: AbortSignal) => api("GET /api/manage/trade-accounts", { auth: true, signal });
export const openTradeAccount = (body: ApiBody<"POST /api/manage/trade-accounts">) => api("POST /api/manage/trade-accounts", { body, auth: true });
export const fetchTradeAccountDetail = (userId: number | string, signal?: AbortSignal) => api("GET /api/manage/trade-accounts/:userId", { params: { userId }, auth: true, signal });
export const updateTradeAccount = (userId: number, body: ApiBody<"PATCH /api/manage/trade-accounts/:userId">) => api("PATCH /api/manage/trade-accounts/:userId", { params: { userId }, body, auth: true });
export const recordAccountPayment = (userId: number, body: ApiBody<"POST /api/manage/trade-accounts/:userId/payments">) => api("POST /api/manage/trade-accounts/:userId/payments", { params: { userId }, body, auth: true });

export const fetchReceivables = (signal?: AbortSignal) => api("GET /api/manage/reports/receivables", { auth: true, signal });
export const downloadReceivables = (date: string) => openPrivateFile("/api/manage/reports/receivables.csv", `receivables-${date}.csv`);
