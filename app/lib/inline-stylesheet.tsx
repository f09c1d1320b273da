import { createContext, useContext } from "react";

/**
 * The whole stylesheet (Tailwind's output, ~8 KB compressed) goes into the document head as a <style>, so the
 * first paint waits for no request. The server provides the text (entry.server.tsx); the browser hydrates
 * with the text already in the document (entry.client.tsx), so the client bundle never carries it.
 */
export const StylesheetContext = createContext<string>("");

export const STYLESHEET_ID = "app-css";

export function InlineStylesheet({ nonce }: { nonce: string | undefined }) {
  const css = useContext(StylesheetContext);
  return <style id={STYLESHEET_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />;
}
