import type { ReactNode } from "react";

/**
 * Marks what a page shows only while its scripts load ("Loading your basket…"): a visitor without scripts
 * would wait for it for ever, so <NeedsJavaScript> hides it (docs/decisions/043-pages-without-scripts.md).
 */
export const WHILE_SCRIPTS_LOAD = "while-scripts-load";

/**
 * What a page that cannot work without scripts says to a visitor who has them turned off. Inside
 * <noscript>, so a browser running scripts never shows it and React never hydrates it. The inline style is
 * allowed by the pages' CSP (style-src 'unsafe-inline', server/ssr.ts).
 */
export function NeedsJavaScript({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <noscript>
      <style>{`.${WHILE_SCRIPTS_LOAD}{display:none!important}`}</style>
      <p className={`rounded-md bg-amber-50 px-4 py-3 font-semibold text-amber-900 ring-1 ring-amber-200 ${className}`}>{children}</p>
    </noscript>
  );
}

