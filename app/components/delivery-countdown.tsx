import { useEffect, useState } from "react";
import { cutoffCountdown, deliveryDateAfterDispatch, dispatchDate, ukDateParts } from "../../domain/delivery";
import { formatDeliveryDate } from "../../domain/format";
import type { ProductOpening } from "../routes/product-opening";

/**
 * "Order within … for dispatch today" and "Delivery by DD-MM-YYYY", in UK time (docs/decisions/009-uk-time-and-delivery-dates.md).
 * The countdown ticks only in the browser, once mounted. Until then (and without scripts) the box shows the
 * dates from the dispatch day the server rendered the page for: the page cache keeps that page no longer
 * than that day's cut-off (docs/decisions/043-pages-without-scripts.md).
 */
export function DeliveryCountdown({ workingDays, opening }: { workingDays: number; opening: Pick<ProductOpening, "dispatchIsoDate" | "dispatchToday"> }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);

  const dispatch = now ? dispatchDate(now) : opening.dispatchIsoDate;
  const today = now ? dispatch === ukDateParts(now).isoDate : opening.dispatchToday;
  return (
    <div className="min-h-[4.5rem] rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      {now ? (
        <p>
          Order within <strong className="tabular-nums" data-testid="countdown">{cutoffCountdown(now).label}</strong>{" "}
          {today ? "for dispatch today" : "for dispatch on the next working day"}
        </p>
      ) : (
        <p>{today ? "Order by 6pm (UK time) for dispatch today" : `Order now for dispatch on ${formatDeliveryDate(dispatch)}`}</p>
      )}
      <p className="mt-1 font-semibold" data-testid="delivery-by">Delivery by {formatDeliveryDate(deliveryDateAfterDispatch(dispatch, workingDays))}</p>
    </div>
  );
}
