// The account calls of spec section 7, as the pages make them.
import { EMPTY_BASKET } from "../../domain/basket";
import type { Details, SignupRequest } from "../../domain/account";
import type { SavedAddress } from "../../domain/address";
import { apiRequest } from "./api-client";
import { forgetSession } from "./auth";
import { basketStore } from "./basket";

export type Session = { token: string; userId: number };
export type Me = { userId: number; title: string | null; firstname: string; lastname: string; email: string; telephone: string; role: string };
export type SavedAddresses = {
  billing: SavedAddress | null;
  delivery: SavedAddress | null;
  contact: Omit<Me, "userId" | "role">;
};

export const login = (email: string, password: string) => apiRequest<Session>("/api/auth/login", { body: { email, password } });

export const signup = (payload: SignupRequest) => apiRequest<Session>("/api/auth/signup", { body: { ...payload, role: "user" } });

export const fetchMe = (signal?: AbortSignal) => apiRequest<Me>("/api/auth/me", { auth: true, signal });

export const updateMe = (details: Details) => apiRequest<{ success: true; message: string }>("/api/user/me", { method: "PUT", body: details, auth: true });

export const requestPasswordReset = (email: string) =>
  apiRequest<{ success: true; message: string }>("/api/auth/password-reset", { body: { email } });

export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest<Session & { message: string }>("/api/auth/password-reset/confirm", { body: { token, password } });

export const fetchAddresses = (userId: string | number, signal?: AbortSignal) =>
  apiRequest<SavedAddresses>(`/api/user/address/${encodeURIComponent(String(userId))}`, { auth: true, signal });

export const saveAddresses = (userId: string | number, addresses: { billing?: SavedAddress; delivery?: SavedAddress }) =>
  apiRequest<{ success: true }>("/api/checkout/address", { body: { userId: Number(userId), ...addresses }, auth: true });

/** Order-flow keys the browser keeps during checkout (spec section 3); they go with the session. */
export const ORDER_STORAGE_KEYS = ["orderGroupId", "createdOrders", "attributesAttached"] as const;

/**
 * Spec section 4: logging out forgets the token and user id and empties the basket. The token is also
 * revoked on the server; if that call fails the browser forgets it all the same.
 */
export async function signOut(): Promise<void> {
  await apiRequest("/api/auth/logout", { method: "POST", auth: true }).catch(() => {});
  forgetSession();
  basketStore.set(EMPTY_BASKET);
  for (const key of ORDER_STORAGE_KEYS) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // storage blocked: nothing to clear
    }
  }
}
