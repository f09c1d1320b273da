import { useEffect, useState } from "react";
import { cutoffCountdown, deliveryDate, dispatchDate, ukDateParts } from "../../domain/delivery";
import { formatDeliveryDate } from "../../domain/format";

/**
 * "Order within … for dispatch today" and "Delivery by DD-MM-YYYY", in UK time (docs/decisions/009-uk-time-and-delivery-dates.md).
 * Rendered only in the browser, once mounted: the server's page is cached and must not carry a clock.
 */
export function DeliveryCountdown({ workingDays }: { workingDays: number }) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);

  if (!now) {
    return (
      <div className="min-h-[4.5rem] rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
        Order by 6pm (UK time) on a working day for same-day dispatch.
      </div>
    );
  }
  const countdown = cutoffCountdown(now);
  const today = dispatchDate(now) === ukDateParts(now).isoDate;
  const delivery = formatDeliveryDate(deliveryDate(now, workingDays));
  return (
    <div className="min-h-[4.5rem] rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <p>
        Order within <strong className="tabular-nums" data-testid="countdown">{countdown.label}</strong>{" "}
        {today ? "for dispatch today" : "for dispatch on the next working day"}
      </p>
      <p className="mt-1 font-semibold" data-testid="delivery-by">Delivery by {delivery}</p>
    </div>
  );
}
