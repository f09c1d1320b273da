import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { NonceContext } from "./lib/nonce";

// The server rendered every script and style with this document's CSP nonce; hydrate with the same one.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <HydratedRouter />
      </NonceContext.Provider>
    </StrictMode>,
  );
});
