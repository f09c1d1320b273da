import { createBrowserStore } from "./browser-store";

/** Signed-in state is a bearer token in local storage (spec section 6), so every page stays anonymous and cacheable. */
export const tokenStore = createBrowserStore<string | null>("token", null, (raw) => (typeof raw === "string" ? raw : null));

export const userIdStore = createBrowserStore<string | null>("userId", null, (raw) =>
  typeof raw === "string" || typeof raw === "number" ? String(raw) : null,
);

export function useIsLoggedIn(): boolean {
  return tokenStore.use() !== null;
}

/**
 * Runs in the document head before first paint (root.tsx): marks <html data-auth="in"> when a token is
 * stored, so CSS shows "Log out" rather than flashing "Log in" until React has hydrated.
 */
export const AUTH_MARK_SCRIPT = `try{if(localStorage.getItem("token"))document.documentElement.dataset.auth="in"}catch(e){}`;

/** Keeps the mark in step after hydration (sign-in, sign-out, another tab). */
export function markAuth(loggedIn: boolean): void {
  if (loggedIn) document.documentElement.dataset.auth = "in";
  else delete document.documentElement.dataset.auth;
}

export function storeSession(session: { token: string; userId: number | string }): void {
  tokenStore.set(session.token);
  userIdStore.set(String(session.userId));
}

export function forgetSession(): void {
  tokenStore.remove();
  userIdStore.remove();
}
