const STEPS = ["Address & Delivery", "Payment", "Checkout Complete"] as const;

/** The 3-step header of the checkout (spec section 2). `current` is 1, 2 or 3. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Checkout progress" className="mb-8">
      <ol className="grid grid-cols-3 gap-2 text-xs sm:text-sm">
        {STEPS.map((label, index) => {
          const step = index + 1;
          const state = step < current ? "done" : step === current ? "current" : "todo";
          return (
            <li key={label} aria-current={state === "current" ? "step" : undefined} className="flex flex-col items-center gap-1 text-center sm:flex-row sm:justify-center sm:gap-2">
              <span
                className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full font-bold ${
                  state === "todo" ? "bg-slate-200 text-slate-600" : "bg-brand-700 text-white"
                }`}
              >
                {state === "done" ? "✓" : step}
              </span>
              <span className={state === "current" ? "font-bold text-ink" : "text-slate-600"}>{label}</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
