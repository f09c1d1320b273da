const STEPS = [
  ["Configure", "Choose size, options and quantity"],
  ["Add to basket", "Prices include quantity discounts"],
  ["Pay securely", "Card payment on a secure page"],
  ["Upload artwork", "Approve a proof of every item"],
  ["Print & dispatch", "Printed in-house, tracked delivery"],
] as const;

/** The five-step process strip on the product page. */
export function ProcessStrip() {
  return (
    <ol className="grid grid-cols-5 gap-1 text-center text-[11px] leading-tight text-slate-600" aria-label="How ordering works">
      {STEPS.map(([title, detail], index) => (
        <li key={title} className="flex flex-col items-center gap-1" title={detail}>
          <span className="flex h-7 w-7 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">{index + 1}</span>
          <span className="font-semibold text-ink">{title}</span>
        </li>
      ))}
    </ol>
  );
}
