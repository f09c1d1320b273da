// The order and artwork calls of spec section 7, as the uploader, the confirmation and the account pages
// make them. Every call carries the customer's bearer token.
import { useEffect, useState } from "react";
import { apiRequest, ApiResponseError, authHeaders, NetworkError } from "./api-client";

export type Preflight = { verdict: "pass" | "warn" | "fail"; checks: { code: string; level: "warn" | "fail"; message: string }[] };

export type OrderFile = {
  id: number;
  version_number: number;
  qty: number;
  file_name: string;
  size_bytes: number;
  approved: boolean;
  notes: string;
  preflight: Preflight | null;
  thumbnail_url: string;
  pdf_url: string;
  proof_url: string | null;
  uploaded_at: string;
};

export type OrderProduct = {
  order_id: number;
  product_id: number;
  product_name: string;
  product_slug: string;
  image: string | null;
  qty: number;
  versions: number;
  price: number;
  price_pence: number;
  unit_pence: number;
  tier_percent: number;
  size: string;
  width_mm: number | null;
  height_mm: number | null;
  orientation: string | null;
  attributes: { group: string; subattribute: string; subattribute_id: number }[];
  status: string;
  express: boolean;
  delivery_date: string;
  notes: string;
  rejection_reason: string | null;
  attributes_attached: boolean;
  files: OrderFile[];
};

export type Address = {
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  town: string;
  county: string;
  postcode: string;
  country: string;
  instructions?: string;
};

export type OrderGroup = {
  order_group_id: number;
  created_at: string;
  status: string;
  total_amount: number;
  payment_status: string;
  payment_method: string;
  card_brand: string | null;
  card_last4: string | null;
  user_email: string;
  delivery_date: string;
  billingAddress: Address;
  deliveryAddress: Address;
  sub_total_pence: number;
  promo_code: string | null;
  promo_discount_pence: number;
  delivery_pence: number;
  vat_pence: number;
  total_pence: number;
  invoice_number: string | null;
  invoice_url: string | null;
  carrier: string | null;
  tracking_number: string | null;
  dispatched_at: string | null;
  ship_unbranded: boolean;
  products: OrderProduct[];
  events: { order_id: number | null; from: string | null; to: string; note: string | null; at: string; by: string }[];
};

export const fetchGroup = (groupId: number | string, signal?: AbortSignal) =>
  apiRequest<OrderGroup>(`/api/orders/group/${encodeURIComponent(String(groupId))}`, { auth: true, signal });

export const fetchSession = (sessionId: string) =>
  apiRequest<{ id: string; amount_total: number | null; client_reference_id: string | null; payment_status: string; status: string }>(
    `/api/stripe/session/${encodeURIComponent(sessionId)}`,
    { auth: true },
  );

export const createOrder = (clientReference: string, body: unknown) =>
  apiRequest<{ order_group_id: number; orders: { id: number; product_id: number }[] }>(`/api/orders/${encodeURIComponent(clientReference)}`, { auth: true, body });

export const patchVersion = (orderId: number, version: number, change: { approved?: boolean; qty?: number; notes?: string }) =>
  apiRequest<{ file: OrderFile }>(`/api/orders/${orderId}/imgs/${version}`, { method: "PATCH", body: change, auth: true });

export const deleteVersion = (orderId: number, version: number) =>
  apiRequest<{ success: true }>(`/api/orders/${orderId}/imgs/${version}`, { method: "DELETE", auth: true });

export const attachAttributes = (orderId: number, attributeIds: number[]) =>
  apiRequest<{ success: true; attributes: number[] }>(`/api/orders/${orderId}/attributes`, { body: { attributes: attributeIds }, auth: true });

export const markPrintReady = (groupId: number, products: { product_id: number; orientation: string | null }[]) =>
  apiRequest<{ success: true; status: string }>(`/api/orders/group/${groupId}`, { method: "PATCH", body: { status: "Print Ready", products }, auth: true });

export class UploadRefused extends ApiResponseError {
  constructor(
    message: string,
    status: number,
    readonly preflight: Preflight | null,
  ) {
    super(message, status, {}, message);
  }
}

/**
 * Uploads one version's file with XMLHttpRequest, whose upload events report the real bytes sent
 * (DECISIONS rule 15: the progress bar is never an animation). Resolves with the stored file.
 */
export function uploadVersion(
  orderId: number,
  version: number,
  file: File,
  options: { qty?: number; notes?: string; onProgress: (sent: number, total: number) => void; onSent: () => void; signal?: AbortSignal },
): Promise<OrderFile> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append("version_number", String(version));
    if (options.qty) form.append("qty", String(options.qty));
    if (options.notes) form.append("notes", options.notes);
    form.append("artwork", file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/orders/${orderId}/imgs`);
    for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => options.onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => options.onSent();
    xhr.onload = () => {
      let body: { file?: OrderFile; error?: string; verdict?: Preflight["verdict"]; checks?: Preflight["checks"] } = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.file) resolve(body.file);
      else reject(new UploadRefused(body.error ?? `Upload failed (${xhr.status})`, xhr.status, body.verdict ? { verdict: body.verdict, checks: body.checks ?? [] } : null));
    };
    xhr.onerror = () => reject(new NetworkError(new Error("upload failed")));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
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
