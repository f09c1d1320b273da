import { PROGRESS_STEPS, progressStep } from "../../domain/order-status";

/** ORDERED, ARTWORK, PRODUCTION, DISPATCHED: every step up to and including the current one is done (spec section 4). */
export function OrderProgress({ status }: { status: string }) {
  const current = progressStep(status);
  return (
    <ol aria-label="Order progress" className="grid grid-cols-4 gap-1 text-center text-[11px] font-bold tracking-wide sm:text-xs">
      {PROGRESS_STEPS.map((step, index) => {
        const done = index <= current;
        return (
          <li key={step} className="flex flex-col items-center gap-2" aria-current={index === current ? "step" : undefined} data-done={done}>
            <span className={`h-2 w-full rounded-full ${done ? "bg-brand-700" : "bg-slate-200"}`} />
            <span className={done ? "text-brand-800" : "text-slate-500"}>
              {step}
              <span className="sr-only">{done ? " (done)" : " (to come)"}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
