// The staff console's calls (bearer token; the server checks the staff role on every one).
import type { ApiAnswer, ApiBody } from "../../server/api/contract";
import { api } from "./api-client";

export type QueuePage = ApiAnswer<"GET /api/staff/queue">;
export type QueueItem = QueuePage["items"][number];
export type StaffJob = ApiAnswer<"GET /api/staff/orders/:orderGroupId">;
export type FailedEmail = ApiAnswer<"GET /api/staff/outbox">[number];

export const fetchQueue = (filters: Record<string, string | undefined>, after: string | null, signal?: AbortSignal) =>
  api("GET /api/staff/queue", { query: { ...filters, after }, auth: true, signal });

export const fetchJob = (orderGroupId: number | string, signal?: AbortSignal) => api("GET /api/staff/orders/:orderGroupId", { params: { orderGroupId }, auth: true, signal });

export const moveItem = (orderId: number, status: ApiBody<"POST /api/staff/items/:orderId/status">["status"], note?: string) => api("POST /api/staff/items/:orderId/status", { params: { orderId }, body: { status, note }, auth: true });

export const undoMove = (orderId: number, reason: string) => api("POST /api/staff/items/:orderId/undo", { params: { orderId }, body: { reason }, auth: true });

export const rejectArtwork = (orderId: number, reason: string) => api("POST /api/staff/items/:orderId/reject", { params: { orderId }, body: { reason }, auth: true });

export type Carrier = ApiBody<"POST /api/staff/orders/:orderGroupId/dispatch">["carrier"];

export const dispatchOrder = (orderGroupId: number, carrier: Carrier, trackingNumber: string) =>
  api("POST /api/staff/orders/:orderGroupId/dispatch", { params: { orderGroupId }, body: { carrier, trackingNumber }, auth: true });

export const fetchFailedEmails = () => api("GET /api/staff/outbox", { auth: true });
export const requeueEmail = (emailId: number) => api("POST /api/staff/outbox/:emailId/requeue", { params: { emailId }, auth: true });

export type DeskPage = ApiAnswer<"GET /api/staff/orders">;
export type DeskOrder = DeskPage["orders"][number];
/** The orders desk: the view is the page's query string, passed through as it is. */
export const fetchDesk = (view: URLSearchParams, after: string | null, signal?: AbortSignal) =>
  api("GET /api/staff/orders", { query: { ...Object.fromEntries(view), after }, auth: true, signal });

export type BulkResult = ApiAnswer<"POST /api/staff/bulk/status">;
export const moveSelected = (orderGroupIds: number[], status: "Print Ready" | "Production" | "Part Printed" | "Printed") =>
  api("POST /api/staff/bulk/status", { body: { order_group_ids: orderGroupIds, status }, auth: true });

export type CustomersPage = ApiAnswer<"GET /api/staff/customers">;
export type CustomerSummary = CustomersPage["customers"][number];
export type CustomerDetail = ApiAnswer<"GET /api/staff/customers/:userId">;
/** Customers matching `q` (empty: everyone), newest first; `after` is the last page's next_cursor. */
export const fetchCustomers = (q: string, after: string | null, signal?: AbortSignal) => api("GET /api/staff/customers", { query: { q: q || undefined, after }, auth: true, signal });
export const fetchCustomer = (userId: number | string, signal?: AbortSignal) => api("GET /api/staff/customers/:userId", { params: { userId }, auth: true, signal });
export const TRADE_ACCOUNT_TEXT: Record<CustomerSummary["trade_account"], string> = { none: "None", open: "Open", held: "Held" };
