// The order and artwork calls of spec section 7, as the uploader, the confirmation and the account pages
// make them. Every call carries the customer's bearer token.
import { useEffect, useState } from "react";
import type { ApiAnswer, ApiBody } from "../../server/api/contract";
import { api, ApiResponseError, authHeaders } from "./api-client";

export type OrderGroup = ApiAnswer<"GET /api/orders/group/:orderGroupId">;
export type OrderProduct = OrderGroup["products"][number];
export type OrderFile = OrderProduct["files"][number];
export type Preflight = NonNullable<OrderFile["preflight"]>;
export type OrderListEntry = ApiAnswer<"GET /api/orders/:userId">[number];

export const fetchGroup = (groupId: number | string, signal?: AbortSignal) => api("GET /api/orders/group/:orderGroupId", { params: { orderGroupId: groupId }, auth: true, signal });

export const fetchSession = (sessionId: string) => api("GET /api/stripe/session/:sessionId", { params: { sessionId }, auth: true });

export const createOrder = (clientReference: string, body: ApiBody<"POST /api/orders/:clientReference">) => api("POST /api/orders/:clientReference", { params: { clientReference }, auth: true, body });

export const patchVersion = (orderId: number, versionNumber: number, change: ApiBody<"PATCH /api/orders/:orderId/imgs/:versionNumber">) =>
  api("PATCH /api/orders/:orderId/imgs/:versionNumber", { params: { orderId, versionNumber }, body: change, auth: true });

export const deleteVersion = (orderId: number, versionNumber: number) => api("DELETE /api/orders/:orderId/imgs/:versionNumber", { params: { orderId, versionNumber }, auth: true });

export const attachAttributes = (orderId: number, attributeIds: number[]) =>
  api("POST /api/orders/:orderId/attributes", { params: { orderId }, body: { attributes: attributeIds }, auth: true });

export const markPrintReady = (orderGroupId: number, products: NonNullable<ApiBody<"PATCH /api/orders/group/:orderGroupId">["products"]>) =>
  api("PATCH /api/orders/group/:orderGroupId", { params: { orderGroupId }, body: { status: "Print Ready", products }, auth: true });

/** One page of the customer's orders and the next page's cursor (from the answer's x-next-cursor header). */
export async function fetchOrderPage(userId: string, after: string | null): Promise<{ entries: OrderListEntry[]; next: string | null }> {
  let next: string | null = null;
  const entries = await api("GET /api/orders/:userId", { params: { userId }, query: { after }, auth: true, onHeaders: (headers) => (next = headers.get("x-next-cursor")) });
  return { entries, next };
}

/** Fetches a private file with the bearer token and gives an object URL for it (revoked when no longer used). */
export function useAuthorisedObjectUrl(url: string | null): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    if (!url) return;
    let objectUrl: string | null = null;
    const controller = new AbortController();
    fetch(url, { headers: authHeaders(), signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl, failed: false });
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== "AbortError") setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}

/** Opens a private file (a print PDF, an invoice) in a new tab, or downloads it. */
export async function openPrivateFile(url: string, downloadName?: string): Promise<void> {
  const response = await fetch(url, { headers: authHeaders() });
  if (!response.ok) {
    // The server's own words when it gave any ("The print file of item 1 … is missing from storage").
    const said = ((await response.json().catch(() => null)) as { message?: unknown } | null)?.message;
    const message = typeof said === "string" && said ? said : `Could not open the file (${response.status})`;
    throw new ApiResponseError(message, response.status, {}, typeof said === "string" ? said : null);
  }
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = objectUrl;
  if (downloadName) link.download = downloadName;
  else link.target = "_blank";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
