import { useSyncExternalStore } from "react";

/**
 * A value kept in localStorage under `key`, shared by every component and kept in step across tabs.
 * The server (and the first client render, during hydration) sees `fallback`, so markup never mismatches.
 */
export function createBrowserStore<T>(key: string, fallback: T, parse: (raw: unknown) => T) {
  const listeners = new Set<() => void>();
  let cachedRaw: string | null | undefined;
  let cachedValue: T = fallback;

  const read = (): T => {
    if (typeof window === "undefined") return fallback;
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(key);
    } catch {
      return fallback;
    }
    if (raw !== cachedRaw) {
      cachedRaw = raw;
      try {
        cachedValue = raw === null ? fallback : parse(JSON.parse(raw));
      } catch {
        cachedValue = fallback;
      }
    }
    return cachedValue;
  };

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  };

  return {
    get: read,
    set(next: T | ((current: T) => T)) {
      const value = typeof next === "function" ? (next as (current: T) => T)(read()) : next;
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the change still shows in this tab.
        cachedRaw = undefined;
        cachedValue = value;
      }
      emit();
    },
    remove() {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // ignore
      }
      emit();
    },
    use(): T {
      return useSyncExternalStore(subscribe, read, () => fallback);
    },
  };
}
