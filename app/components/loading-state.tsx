import { WHILE_SCRIPTS_LOAD } from "./needs-javascript";

/**
 * What a page shows while its data is on the way: the words for screen readers and anyone waiting, and
 * grey bars roughly where the content will be, so the layout is there at once and does not jump.
 */
export function LoadingState({ label, rows = 3, className = "" }: { label: string; rows?: number; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 ${WHILE_SCRIPTS_LOAD} ${className}`}>
      <p className="text-sm text-slate-600">{label}</p>
      <div aria-hidden="true" className="mt-4 space-y-3 motion-safe:animate-pulse">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="h-4 rounded bg-slate-200" style={{ width: `${92 - ((i * 17) % 40)}%` }} />
        ))}
      </div>
    </div>
  );
}
