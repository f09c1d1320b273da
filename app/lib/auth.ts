import { createBrowserStore } from "./browser-store";

/** Signed-in state is a bearer token in local storage (spec section 6). */
export const tokenStore = createBrowserStore<string | null>("token", null, (raw) => (typeof raw === "string" ? raw : null));

export function useIsLoggedIn(): boolean {
  return tokenStore.use() !== null;
}

export const userIdStore = createBrowserStore<string | null>("userId", null, (raw) =>
  typeof raw === "string" || typeof raw === "number" ? String(raw) : null,
);
