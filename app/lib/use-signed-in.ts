import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { useIsLoggedIn, userIdStore } from "./auth";
import { useHydrated } from "./use-hydrated";

/**
 * An account page's load: once the page has hydrated and a customer is signed in, `load` runs with the
 * customer's id and a signal that aborts when the page is left (or `key` changes); a visitor who is not
 * signed in is sent to `signedOutTo` instead.
 */
export function useSignedInLoad(load: (userId: string, signal: AbortSignal) => void, options: { key?: string | number; signedOutTo?: string } = {}): void {
  const { key, signedOutTo = "/login" } = options;
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (!hydrated) return;
    const userId = userIdStore.get();
    if (!loggedIn || !userId) {
      navigate(signedOutTo, { replace: true });
      return;
    }
    const controller = new AbortController();
    latest.current(userId, controller.signal);
    return () => controller.abort();
  }, [hydrated, loggedIn, navigate, signedOutTo, key]);
}
