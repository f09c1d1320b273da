// The account calls of spec section 7, as the pages make them.
import { EMPTY_BASKET } from "../../domain/basket";
import type { Details, SignupRequest } from "../../domain/account";
import type { SavedAddress } from "../../domain/address";
import type { ApiAnswer } from "../../server/api/contract";
import { api } from "./api-client";
import { forgetSession } from "./auth";
import { basketStore } from "./basket";

export type Session = ApiAnswer<"POST /api/auth/login">;
export type Me = ApiAnswer<"GET /api/auth/me">;
export type SavedAddresses = ApiAnswer<"GET /api/user/address/:userId">;

export const login = (email: string, password: string) => api("POST /api/auth/login", { body: { email, password } });

export const signup = (payload: SignupRequest) => api("POST /api/auth/signup", { body: { ...payload, role: "user" } });

export const fetchMe = (signal?: AbortSignal) => api("GET /api/auth/me", { auth: true, signal });

export const updateMe = (details: Details) => api("PUT /api/user/me", { body: details, auth: true });

export const requestPasswordReset = (email: string) => api("POST /api/auth/password-reset", { body: { email } });

export const confirmPasswordReset = (token: string, password: string) => api("POST /api/auth/password-reset/confirm", { body: { token, password } });

export const fetchAddresses = (userId: string | number, signal?: AbortSignal) => api("GET /api/user/address/:userId", { params: { userId }, auth: true, signal });

export const saveAddresses = (userId: string | number, addresses: { billing?: SavedAddress; delivery?: SavedAddress }) =>
  api("POST /api/checkout/address", { body: { userId: Number(userId), ...addresses }, auth: true });

/** Order-flow keys the browser keeps during checkout (spec section 3); they go with the session. */
export const ORDER_STORAGE_KEYS = ["orderGroupId", "createdOrders", "attributesAttached"] as const;

/**
 * Spec section 4: logging out forgets the token and user id and empties the basket. The token is also
 * revoked on the server; if that call fails the browser forgets it all the same.
 */
export async function signOut(): Promise<void> {
  await api("POST /api/auth/logout", { auth: true }).catch(() => {});
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
