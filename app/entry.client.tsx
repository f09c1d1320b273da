import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { STYLESHEET_ID, StylesheetContext } from "./lib/inline-stylesheet";
import { NonceContext } from "./lib/nonce";

// The server rendered every script and style with this document's CSP nonce; hydrate with the same one.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
// The stylesheet the server inlined: hydrating with the same text leaves the <style> as it is.
const css = document.getElementById(STYLESHEET_ID)?.textContent ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceContext.Provider value={nonce}>
        <StylesheetContext.Provider value={css}>
          <HydratedRouter />
        </StylesheetContext.Provider>
      </NonceContext.Provider>
    </StrictMode>,
  );
});
