// The design service's calls (docs/decisions/027-design-service-money-and-dates.md): the customer's brief,
// files, amends and approval, and the designers' desk. The customer's files go as resumable uploads
// (use-resumable-upload.ts); a designer's proofs go as one form (postForm in api-client.ts), whose progress is
// the real bytes sent.
import type { ApiAnswer, ApiBody } from "../../server/api/contract";
import { api, ApiResponseError, postForm } from "./api-client";
import type { Preflight } from "./orders-api";

export type DesignJob = ApiAnswer<"GET /api/orders/:orderId/design">;
export type DesignFile = DesignJob["brief_files"][number];
export type DesignProof = DesignJob["proofs"][number];
export type DeskJob = ApiAnswer<"GET /api/staff/design">["jobs"][number];
export type BriefBody = ApiBody<"PUT /api/orders/:orderId/design/brief">;

export const fetchDesign = (orderId: number, signal?: AbortSignal) => api("GET /api/orders/:orderId/design", { params: { orderId }, auth: true, ...(signal ? { signal } : {}) });
export const saveBrief = (orderId: number, body: BriefBody) => api("PUT /api/orders/:orderId/design/brief", { params: { orderId }, body, auth: true });
export const removeDesignFile = (orderId: number, fileId: number) => api("DELETE /api/orders/:orderId/design/files/:fileId", { params: { orderId, fileId }, auth: true });
export const askAmends = (orderId: number, version: number, comments: string) => api("POST /api/orders/:orderId/design/amends", { params: { orderId }, body: { version, comments }, auth: true });
export const approveDesign = (orderId: number, version: number) => api("POST /api/orders/:orderId/design/approve", { params: { orderId }, body: { version }, auth: true });

export const fetchDesk = (signal?: AbortSignal) => api("GET /api/staff/design", { auth: true, ...(signal ? { signal } : {}) });
export const fetchDesignJob = (orderId: number | string, signal?: AbortSignal) => api("GET /api/staff/design/:orderId", { params: { orderId }, auth: true, ...(signal ? { signal } : {}) });
export const takeDesignJob = (orderId: number) => api("POST /api/staff/design/:orderId/take", { params: { orderId }, auth: true });

type Progress = (sent: number, total: number) => void;

/** An upload the server refused, with the preflight's checks when a proof was not the ordered size. */
export class DesignUploadRefused extends ApiResponseError {
  constructor(
    message: string,
    status: number,
    readonly preflight: Preflight | null,
  ) {
    super(message, status, {}, message);
  }
}

/** A designer sends the next proof: one file per design and a note. */
export function sendProof(orderId: number, note: string, files: File[], onProgress: Progress): Promise<DesignJob> {
  const form = new FormData();
  form.append("note", note);
  files.forEach((file, index) => form.append(`design_${index + 1}`, file, file.name));
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return postForm("POST /api/staff/design/:orderId/proofs", form, {
    params: { orderId },
    auth: true,
    onProgress: (sent, sentOf) => onProgress(sent, sentOf ?? total),
    // A proof the preflight refused comes back with its checks, to show the designer why.
    refused: (error, body) => new DesignUploadRefused(error.message, error.status, body.verdict ? ({ verdict: body.verdict, checks: body.checks ?? [] } as Preflight) : null),
  });
}

export type Redesign = ApiAnswer<"GET /api/orders/group/:orderGroupId/redesigns">["redesigns"][number];
export const fetchRedesigns = (orderGroupId: number, signal?: AbortSignal) => api("GET /api/orders/group/:orderGroupId/redesigns", { params: { orderGroupId }, auth: true, ...(signal ? { signal } : {}) });
export const payRedesign = (orderGroupId: number, redesignId: number) => api("POST /api/orders/group/:orderGroupId/redesigns/:redesignId/pay", { params: { orderGroupId, redesignId }, auth: true });
export const fetchStaffRedesigns = (orderGroupId: number, signal?: AbortSignal) => api("GET /api/staff/orders/:orderGroupId/redesigns", { params: { orderGroupId }, auth: true, ...(signal ? { signal } : {}) });
export const raiseRedesign = (orderGroupId: number, orderId: number, reason: string) => api("POST /api/staff/orders/:orderGroupId/redesigns", { params: { orderGroupId }, body: { order_id: orderId, reason }, auth: true });
