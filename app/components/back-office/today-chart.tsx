import { formatPence } from "../../../domain/format";
import { dispatchDayText } from "../../../domain/orders-desk";

type Day = { date: string; orders: number; takingsPence: number };

const WIDTH = 720;
const BAR_AREA = 90;
const GAP = 24;

/**
 * Orders and takings on each day as two rows of bars (takings above, orders below), drawn on the server
 * and the browser alike; the table after it says the same in words for screen readers and printouts.
 */
export function TodayChart({ days }: { days: readonly Day[] }) {
  const maxTakings = Math.max(1, ...days.map((d) => d.takingsPence));
  const maxOrders = Math.max(1, ...days.map((d) => d.orders));
  const step = WIDTH / Math.max(1, days.length);
  const barWidth = Math.max(2, step * 0.7);
  const totalOrders = days.reduce((sum, d) => sum + d.orders, 0);
  const totalTakings = days.reduce((sum, d) => sum + d.takingsPence, 0);
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const summary = `${days.length} days from ${first ? dispatchDayText(first) : ""} to ${last ? dispatchDayText(last) : ""}: ${totalOrders} orders, ${formatPence(totalTakings)} taken. The table below gives each day.`;
  const height = BAR_AREA * 2 + GAP + 16;
  return (
    <figure className="mt-3">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full max-w-3xl" role="img" aria-labelledby="today-chart-title today-chart-desc">
        <title id="today-chart-title">Orders and takings per day, last {days.length} days</title>
        <desc id="today-chart-desc">{summary}</desc>
        <text x={0} y={10} className="fill-slate-600" fontSize={11}>Takings (best day {formatPence(maxTakings === 1 ? 0 : maxTakings)})</text>
        <text x={0} y={BAR_AREA + GAP + 10} className="fill-slate-600" fontSize={11}>Orders (most {maxOrders === 1 && totalOrders === 0 ? 0 : maxOrders})</text>
        {days.map((day, index) => {
          const x = index * step + (step - barWidth) / 2;
          const takingsHeight = day.takingsPence > 0 ? Math.max(1, (day.takingsPence / maxTakings) * (BAR_AREA - 16)) : 0;
          const ordersHeight = day.orders > 0 ? Math.max(1, (day.orders / maxOrders) * (BAR_AREA - 16)) : 0;
          return (
            <g key={day.date}>
              <rect x={x} y={BAR_AREA - takingsHeight} width={barWidth} height={takingsHeight} className="fill-emerald-600" />
              <rect x={x} y={BAR_AREA * 2 + GAP - ordersHeight} width={barWidth} height={ordersHeight} className="fill-slate-700" />
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={BAR_AREA} y2={BAR_AREA} className="stroke-slate-300" />
        <line x1={0} x2={WIDTH} y1={BAR_AREA * 2 + GAP} y2={BAR_AREA * 2 + GAP} className="stroke-slate-300" />
        {first ? <text x={0} y={height - 2} fontSize={11} className="fill-slate-600">{dispatchDayText(first)}</text> : null}
        {last ? <text x={WIDTH} y={height - 2} fontSize={11} textAnchor="end" className="fill-slate-600">{dispatchDayText(last)}</text> : null}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold">Figures by day</summary>
        <table className="mt-2 w-full max-w-md text-left">
          <caption className="sr-only">Orders and takings per day</caption>
          <thead>
            <tr><th scope="col" className="py-1">Day</th><th scope="col" className="py-1 text-right">Orders</th><th scope="col" className="py-1 text-right">Takings</th></tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-slate-100">
                <th scope="row" className="py-1 font-normal">{dispatchDayText(day.date)}</th>
                <td className="py-1 text-right">{day.orders}</td>
                <td className="py-1 text-right">{formatPence(day.takingsPence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
