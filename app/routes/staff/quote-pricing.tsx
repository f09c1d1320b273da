import { useState } from "react";
import { Link, useParams } from "react-router";
import { formatLongDate, formatPence } from "../../../domain/format";
import { poundsTextToPence } from "../../../domain/money";
import { DEFAULT_QUOTE_TURNAROUND_DAYS, MAX_QUOTE_LINES, quotePriceSchema } from "../../../domain/quote";
import { DELIVERY_PENCE, orderTotals } from "../../../domain/totals";
import { LoadingState } from "../../components/loading-state";
import { errorMessage } from "../../lib/api-client";
import { managerOnly } from "../../lib/staff-document";
import { downloadQuoteAttachment, fetchManagedQuote, priceQuote, type ManagedQuote } from "../../lib/trade-office-api";
import { useSignedInLoad } from "../../lib/use-signed-in";
import type { Route } from "./+types/quote-pricing";

export const loader = managerOnly;
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Quote | Printwise back office" }, { name: "robots", content: "noindex" }];

type Draft = { description: string; width: string; height: string; quantity: string; amount: string };
const EMPTY_LINE: Draft = { description: "", width: "", height: "", quantity: "1", amount: "" };

/** One quote; a Quick Quote request is priced here as lines with free descriptions and amounts. */
export default function QuotePricingPage() {
  const { quoteId = "" } = useParams();
  const [quote, setQuote] = useState<ManagedQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useSignedInLoad(
    (_userId, signal) =>
      void fetchManagedQuote(quoteId, signal).then(setQuote, (error: unknown) => (error as Error).name !== "AbortError" && setProblem(errorMessage(error))),
    { key: quoteId },
  );
  if (problem) return <p role="alert" className="font-semibold text-red-700">{problem}</p>;
  if (!quote) return <LoadingState label="Loading the quote…" rows={4} />;

  const r = quote.request;
  return (
    <article aria-labelledby="quote-heading" className="space-y-6">
      <div>
        <Link to="/staff/quotes" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Quotes
        </Link>
        <h1 id="quote-heading" className="mt-1 text-2xl font-bold">
          {quote.kind === "request" ? "Quick Quote" : "Quote"} {quote.number}
        </h1>
        <p className="text-slate-600">
          {quote.customer} · {quote.email} · {quote.status === "requested" ? "waiting for a price" : quote.status === "ordered" ? `ordered (order ${quote.orderGroupId})` : `valid until ${formatLongDate(quote.validUntil!)}${quote.expired ? " (expired)" : ""}`}
        </p>
      </div>
      {r ? (
        <section aria-labelledby="request-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="request-heading" className="text-lg font-bold">The customer asked for</h2>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">What</dt>
            <dd>{r.productKind}</dd>
            <dt className="text-slate-600">Size</dt>
            <dd>{r.size}</dd>
            <dt className="text-slate-600">Quantity</dt>
            <dd>{r.quantity}</dd>
            <dt className="text-slate-600">Material</dt>
            <dd>{r.material || "Not given"}</dd>
            <dt className="text-slate-600">Needed by</dt>
            <dd>{r.deadline ? formatLongDate(r.deadline) : "Not given"}</dd>
            <dt className="text-slate-600">Notes</dt>
            <dd className="whitespace-pre-line break-words">{r.notes || "None"}</dd>
          </dl>
          {quote.attachments.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Files">
              {quote.attachments.map((file, index) => (
                <li key={index}>
                  <button type="button" className="btn-outline text-sm" onClick={() => void downloadQuoteAttachment(quote.id, index, file.fileName)}>
                    {file.fileName} ({Math.max(1, Math.round(file.sizeBytes / 1024))} KB)
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
      {quote.status === "requested" ? (
        <PriceForm quote={quote} onPriced={setQuote} />
      ) : (
        <section aria-labelledby="lines-heading" className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 id="lines-heading" className="text-lg font-bold">Quoted at {formatPence(quote.totals.totalPence)}</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {quote.lines.map((line, index) => (
              <li key={index}>
                {line.productName} × {line.quantity}: {formatPence(line.linePence)}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-600">
            Sub Total {formatPence(quote.totals.subTotalPence)} · Delivery {formatPence(quote.totals.deliveryPence)} · VAT {formatPence(quote.totals.vatPence)}
          </p>
        </section>
      )}
    </article>
  );
}

function PriceForm({ quote, onPriced }: { quote: ManagedQuote; onPriced: (quote: ManagedQuote) => void }) {
  const r = quote.request;
  const [lines, setLines] = useState<Draft[]>([{ ...EMPTY_LINE, description: r ? `${r.productKind}, ${r.size}${r.material ? `, ${r.material}` : ""}` : "", quantity: String(r?.quantity ?? 1) }]);
  const [turnaround, setTurnaround] = useState(String(DEFAULT_QUOTE_TURNAROUND_DAYS));
  const [note, setNote] = useState("");
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const amounts = lines.map((line) => poundsTextToPence(line.amount));
  const preview = amounts.every((a) => a !== null && a > 0) ? orderTotals(amounts as number[], 0) : null;
  const set = (index: number, change: Partial<Draft>) => setLines((current) => current.map((line, i) => (i === index ? { ...line, ...change } : line)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    const bad = amounts.findIndex((a) => a === null);
    if (bad >= 0) {
      setStatus({ ok: false, text: `Line ${bad + 1}: enter the amount in pounds, e.g. 360.00` });
      return;
    }
    const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : NaN);
    const parsed = quotePriceSchema.safeParse({
      lines: lines.map((line, i) => ({ description: line.description, widthMm: whole(line.width), heightMm: whole(line.height), quantity: whole(line.quantity), amountPence: amounts[i] })),
      turnaroundDays: whole(turnaround),
      note,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path[0] === "lines" && typeof issue.path[1] === "number" ? `Line ${issue.path[1] + 1}: ` : "";
      setStatus({ ok: false, text: `${where}${issue.message}` });
      return;
    }
    setBusy(true);
    try {
      const { quote: priced } = await priceQuote(quote.id, parsed.data);
      onPriced(priced);
    } catch (error) {
      setStatus({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={submit} aria-labelledby="price-heading" className="space-y-4 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="price-heading" className="text-lg font-bold">Price this request</h2>
      <p className="text-sm text-slate-600">Each line is a printed item: its size is what the customer's artwork is checked against. Amounts are each line's price before VAT. Delivery ({formatPence(DELIVERY_PENCE)}) and VAT are added by the shop's one rule. The quote is emailed as a PDF and holds for 30 days.</p>
      {lines.map((line, index) => (
        <fieldset key={index} className="grid gap-3 rounded-md p-3 ring-1 ring-slate-200 sm:grid-cols-[1fr_6rem_6rem_5rem_8rem_auto]">
          <legend className="px-1 text-sm font-semibold">Line {index + 1}</legend>
          <label className="text-sm">
            <span className="field-label">Description</span>
            <input className="field-input" value={line.description} onChange={(e) => set(index, { description: e.target.value })} maxLength={200} required />
          </label>
          <label className="text-sm">
            <span className="field-label">Width (mm)</span>
            <input className="field-input" inputMode="numeric" value={line.width} onChange={(e) => set(index, { width: e.target.value })} required />
          </label>
          <label className="text-sm">
            <span className="field-label">Height (mm)</span>
            <input className="field-input" inputMode="numeric" value={line.height} onChange={(e) => set(index, { height: e.target.value })} required />
          </label>
          <label className="text-sm">
            <span className="field-label">Quantity</span>
            <input className="field-input" inputMode="numeric" value={line.quantity} onChange={(e) => set(index, { quantity: e.target.value })} required />
          </label>
          <label className="text-sm">
            <span className="field-label">Amount (£, ex VAT)</span>
            <input className="field-input" inputMode="decimal" value={line.amount} onChange={(e) => set(index, { amount: e.target.value })} placeholder="0.00" required />
          </label>
          <div className="flex items-end">
            {lines.length > 1 ? (
              <button type="button" className="text-sm font-semibold text-red-700 hover:underline" onClick={() => setLines((current) => current.filter((_, i) => i !== index))} aria-label={`Remove line ${index + 1}`}>
                Remove
              </button>
            ) : null}
          </div>
        </fieldset>
      ))}
      {lines.length < MAX_QUOTE_LINES ? (
        <button type="button" className="btn-outline text-sm" onClick={() => setLines((current) => [...current, EMPTY_LINE])}>
          Add a line
        </button>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <label className="text-sm">
          <span className="field-label">Working days to dispatch</span>
          <input className="field-input" inputMode="numeric" value={turnaround} onChange={(e) => setTurnaround(e.target.value)} />
        </label>
        <label className="text-sm">
          <span className="field-label">Note to the customer (optional)</span>
          <textarea className="field-input" rows={2} value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
        </label>
      </div>
      <p className="text-sm" aria-live="polite">
        {preview ? `Sub Total ${formatPence(preview.subTotalPence)} + Delivery ${formatPence(preview.deliveryPence)} + VAT ${formatPence(preview.vatPence)} = ` : "Enter every amount to see the total."}
        {preview ? <strong>{formatPence(preview.totalPence)}</strong> : null}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Sending the quote…" : "Send the quote"}
        </button>
        {status ? <p role="alert" className={`text-sm font-semibold ${status.ok ? "text-brand-700" : "text-red-700"}`}>{status.text}</p> : null}
      </div>
    </form>
  );
}
