// The staff console's calls (bearer token; the server checks the staff role on every one).
import { apiRequest } from "./api-client";
import type { OrderGroup } from "./orders-api";

export type QueueItem = {
  order_id: number;
  order_group_id: number;
  product_name: string;
  product_id: number;
  qty: number;
  versions: number;
  size: string;
  status: string;
  express: boolean;
  delivery_date: string;
  customer_name: string;
  customer_email: string;
  urgency: "late" | "at-risk" | "on-time" | "done";
  ship_unbranded: boolean;
};

export type QueuePage = { items: QueueItem[]; counts: Record<string, number>; next_cursor: string | null };

export type StaffJob = OrderGroup & {
  customer: { firstname: string; lastname: string; email: string; telephone: string };
  blind_shipping: { sender_name: string; return_address: string } | null;
  label: { from: { name: string; address: string }; to: { name: string; address: string; phone: string | null } };
};

export function fetchQueue(filters: Record<string, string | undefined>, after: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (after) params.set("after", after);
  return apiRequest<QueuePage>(`/api/staff/queue?${params}`, { auth: true, signal });
}

export const fetchJob = (groupId: number | string, signal?: AbortSignal) => apiRequest<StaffJob>(`/api/staff/orders/${groupId}`, { auth: true, signal });

export const moveItem = (orderId: number, status: string, note?: string) =>
  apiRequest<{ success: true }>(`/api/staff/items/${orderId}/status`, { body: { status, note }, auth: true });

export const rejectArtwork = (orderId: number, reason: string) => apiRequest<{ success: true }>(`/api/staff/items/${orderId}/reject`, { body: { reason }, auth: true });

export const dispatchOrder = (groupId: number, carrier: string, trackingNumber: string) =>
  apiRequest<{ success: true }>(`/api/staff/orders/${groupId}/dispatch`, { body: { carrier, trackingNumber }, auth: true });

export type FailedEmail = { id: number; to: string; subject: string; attempts: number; last_error: string | null; created_at: string };
export const fetchFailedEmails = () => apiRequest<FailedEmail[]>("/api/staff/outbox", { auth: true });
export const requeueEmail = (id: number) => apiRequest<{ success: true }>(`/api/staff/outbox/${id}/requeue`, { method: "POST", auth: true });
