import { createContext, useContext } from "react";

/** The document's CSP nonce: set on the server; the browser never needs it after hydration. */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
