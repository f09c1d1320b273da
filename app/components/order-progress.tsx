import { PROGRESS_STEPS, progressStep } from "../../domain/order-status";

/** ORDERED, ARTWORK, PRODUCTION, DISPATCHED: every step up to and including the current one is done (spec section 4). */
export function OrderProgress({ status }: { status: string }) {
  if (status === "Cancelled") {
    return (
      <ol aria-label="Order progress" className="grid grid-cols-[repeat(4,minmax(min-content,1fr))] gap-1 text-center text-[11px] font-bold tracking-wide max-sm:tracking-normal sm:text-xs" data-cancelled="true">
        {PROGRESS_STEPS.map((step, index) => (
          <li key={step} className="flex flex-col items-center gap-2" aria-current={index === 0 ? "step" : undefined} data-done={index === 0}>
            <span className={`h-2 w-full rounded-full ${index === 0 ? "bg-red-600" : "bg-slate-200"}`} />
            <span className={index === 0 ? "text-red-700" : "text-slate-400 line-through"}>
              {index === 0 ? "CANCELLED" : step}
              <span className="sr-only">{index === 0 ? " (the order was cancelled)" : " (will not happen)"}</span>
            </span>
          </li>
        ))}
      </ol>
    );
  }
  const current = progressStep(status);
  return (
    <ol aria-label="Order progress" className="grid grid-cols-[repeat(4,minmax(min-content,1fr))] gap-1 text-center text-[11px] font-bold tracking-wide max-sm:tracking-normal sm:text-xs">
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
