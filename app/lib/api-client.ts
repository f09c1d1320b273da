// The browser's calls to the shop's own API. Each throws an Error whose message is fit to show.

type ApiError = { error?: string; message?: string };

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & ApiError;
  if (!response.ok) throw new ApiResponseError(data.error ?? data.message ?? `Request failed (${response.status})`, response.status);
  return data;
}

export class ApiResponseError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ApiResponseError";
  }
}

export type CalculatePricePayload = {
  productId: number;
  customWidth?: number;
  customHeight?: number;
  selectedQuantity?: number;
  attributes: { group: string; subattribute_id: number; subattribute_name: string }[];
};

type CalculatePriceResponse = {
  total: number;
  breakdown: { linePence: number; unitPence: number; undiscountedLinePence: number; tierPercent: number; attributeIds: number[] };
};

export async function calculatePrice(payload: CalculatePricePayload) {
  const result = await postJson<CalculatePriceResponse>("/api/calculatePrice", payload);
  return { ...result.breakdown, total: result.total };
}

export type ApplyPromoResponse = { success: boolean; discount: number; message: string };

export function applyPromo(promoCode: string): Promise<ApplyPromoResponse> {
  return postJson<ApplyPromoResponse>("/api/apply-promo", { promoCode });
}
