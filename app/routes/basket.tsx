import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { basketLine, isQuoteOnlyItem, removeItem, setDesignService, setDiscount, type BasketItem } from "../../domain/basket";
import { DESIGN_CHOICE_LABEL, DESIGN_SERVICE_NAME, designFeeDetail } from "../../domain/design-service";
import { formatLongDate } from "../../domain/format";
import { FormalQuote, useExpiredQuote } from "../components/basket-quote";
import { fixedSizeLabel, productImage } from "../../domain/catalogue";
import { formatPence } from "../../domain/format";
import { ApiResponseError, applyPromo, calculatePrice, errorMessage } from "../lib/api-client";
import { basketStore, useBasket } from "../lib/basket";
import { basketTotals } from "../lib/checkout";
import { useHydrated } from "../lib/use-hydrated";
import { OrderSummary } from "../components/order-summary";
import type { Route } from "./+types/basket";
import { NeedsJavaScript, WHILE_SCRIPTS_LOAD } from "../components/needs-javascript";

export const EMPTY_BASKET_ALERT = "Your basket is empty. Please add items to continue.";
export const PROMO_TEXT = {
  applied: "Promo code applied!",
  invalid: "Invalid promo code.",
  networkError: "Error applying promo code.",
} as const;

export const meta: Route.MetaFunction = () => [{ title: "Your Basket | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

export default function BasketPage() {
  const hydrated = useHydrated();
  const basket = useBasket();
  const navigate = useNavigate();
  const expiredQuote = useExpiredQuote(hydrated ? basket : null);
  // A quote's lines keep the quote's prices while it is valid; otherwise every line is priced afresh.
  const repricing = useReprice(hydrated && !basket.quote ? basket.items : null);

  const totals = basketTotals(basket);

  const onContinue = () => {
    if (basket.items.length === 0) {
      window.alert(EMPTY_BASKET_ALERT);
      return;
    }
    navigate("/checkout/signup");
  };

  return (
    <div className="container-page py-8">
      <h1 className="text-3xl font-bold">Your Basket</h1>
      <NeedsJavaScript className="mt-4">Your basket needs JavaScript. Please turn it on to see your basket and check out.</NeedsJavaScript>
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-label="Items in your basket">
          {basket.quote && hydrated ? (
            <div role="status" className="mb-4 rounded-md bg-brand-50 px-4 py-3 text-sm text-brand-800 ring-1 ring-brand-100">
              <p>
                <strong>Quote {basket.quote.number}</strong>: these are its prices, held until {formatLongDate(basket.quote.validUntil)}. Adding or removing an item ends the quote's prices.{" "}
                <Link to={`/my-account/quotes/${basket.quote.id}`} className="font-semibold underline">
                  See the quote
                </Link>
              </p>
            </div>
          ) : null}
          {repricing.notices.length > 0 || expiredQuote ? (
            <div role="status" className="mb-4 rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              {expiredQuote ? <p>{expiredQuote}</p> : null}
              {repricing.notices.map((notice) => (
                <p key={notice}>{notice}</p>
              ))}
            </div>
          ) : null}
          {!hydrated ? (
            <p className={`rounded-lg bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200 ${WHILE_SCRIPTS_LOAD}`}>Loading your basket…</p>
          ) : basket.items.length === 0 ? (
            <div className="rounded-lg bg-white p-8 text-center ring-1 ring-slate-200">
              <p className="text-lg font-semibold">No items in basket</p>
              <Link to="/print" className="btn-primary mt-4">Browse products</Link>
            </div>
          ) : (
            <ul className="space-y-4">
              {basket.items.map((item) => (
                <BasketLine key={item.lineId} item={item} problem={repricing.problems[item.lineId]} quoted={basket.quote !== null} />
              ))}
            </ul>
          )}
        </section>

        {/* Totals of £0.00 would be untrue to a visitor without scripts, whose basket is never read. */}
        <aside aria-label="Order summary" className={`flex flex-col gap-5 ${hydrated ? "" : WHILE_SCRIPTS_LOAD}`}>
          <PromoBox disabled={!hydrated || basket.items.length === 0 || basket.quote !== null} appliedCode={basket.promoCode} discount={basket.discount} amountOffPence={basket.amountOffPence} />
          <OrderSummary totals={totals} />
          <div className="flex gap-3">
            <button type="button" className="btn-outline flex-1" onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate("/"))}>
              Back
            </button>
            <button type="button" className="btn-primary flex-1" onClick={onContinue} disabled={repricing.busy}>
              Continue
            </button>
          </div>
          {hydrated && basket.items.length > 0 && !basket.quote ? <FormalQuote basket={basket} disabled={repricing.busy} /> : null}
        </aside>
      </div>
    </div>
  );
}

function BasketLine({ item, problem, quoted }: { item: BasketItem; problem: string | undefined; quoted: boolean }) {
  const priced = basketLine(item);
  const size =
    item.customWidth !== null && item.customHeight !== null
      ? `${item.customWidth} × ${item.customHeight} mm`
      : (fixedSizeLabel(item.qty_limits?.fixed_size, item.orientation) ?? "");
  return (
    <li className="flex gap-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <img src={productImage(item.image)} alt="" width={120} height={90} className="h-16 w-20 shrink-0 rounded bg-slate-100 object-cover sm:h-20 sm:w-28" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h2 className="font-semibold">
            {item.productSlug ? <Link to={`/product/${item.productSlug}`} className="hover:text-brand-700">{item.productName}</Link> : item.productName}
          </h2>
          <p className="font-bold" data-testid="line-price">{formatPence(priced.linePence)}</p>
        </div>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600">
          {isQuoteOnlyItem(item) ? null : (
            <>
              <dt>Orientation</dt>
              <dd>{item.orientation ?? "Custom"}</dd>
            </>
          )}
          <dt>Size</dt>
          <dd>{size}</dd>
          {item.attributes.map((attribute) => (
            <AttributeRow key={attribute.subattribute_id} group={attribute.group} name={attribute.subattribute_name} />
          ))}
          <dt>Quantity</dt>
          <dd>{item.quantity}</dd>
          <dt>Versions</dt>
          <dd>{item.versions}</dd>
        </dl>
        {item.design ? (
          <p className="mt-2 rounded bg-slate-50 px-2 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
            Your design “{item.design.name}” will be printed as this item&apos;s artwork; you approve its proof after paying.
          </p>
        ) : null}
        {item.reorder ? (
          <p className="mt-2 rounded bg-slate-50 px-2 py-1 text-sm text-slate-700 ring-1 ring-slate-200">
            Reorder.{" "}
            {item.reorder.previousPricePence !== item.pricePence
              ? `You paid ${formatPence(item.reorder.previousPricePence)} last time; today's price is ${formatPence(item.pricePence)}.`
              : "Same price as last time."}{" "}
            {item.reorder.reuseArtwork ? "Your approved artwork will be used again." : "You will upload artwork after paying."}
          </p>
        ) : null}
        {item.designService ? (
          <p className="mt-2 flex justify-between gap-3 text-sm" data-testid="line-design-service">
            <span>
              {DESIGN_SERVICE_NAME}: {designFeeDetail(item.versions)}
            </span>
            <span>{formatPence(priced.designFeePence)}</span>
          </p>
        ) : null}
        {quoted || isQuoteOnlyItem(item) || item.reorder?.reuseArtwork || item.design ? null : (
          <label className="mt-2 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={`design-${item.lineId}`}
              className="h-4 w-4 accent-brand-600"
              checked={item.designService === true}
              onChange={(event) => basketStore.set((state) => setDesignService(state, item.lineId, event.target.checked))}
            />
            {DESIGN_CHOICE_LABEL}
          </label>
        )}
        {problem ? <p className="mt-2 text-sm text-red-700" role="alert">{problem}</p> : null}
        <button
          type="button"
          onClick={() => basketStore.set((state) => removeItem(state, item.lineId))}
          className="mt-2 text-sm font-semibold text-red-700 hover:underline"
          aria-label={`Remove ${item.productName}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

function AttributeRow({ group, name }: { group: string; name: string }) {
  return (
    <>
      <dt>{group}</dt>
      <dd>{name}</dd>
    </>
  );
}

function PromoBox({ disabled, appliedCode, discount, amountOffPence }: { disabled: boolean; appliedCode: string | null; discount: number; amountOffPence: number }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await applyPromo(code);
      if (response.success) {
        basketStore.set((state) => setDiscount(state, response.discount, code.trim(), response.amountOffPence ?? 0));
        setResult({ ok: true, text: PROMO_TEXT.applied });
      } else {
        setResult({ ok: false, text: response.message || PROMO_TEXT.invalid });
      }
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error, PROMO_TEXT.networkError) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form method="post" onSubmit={onSubmit} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <label htmlFor={id} className="field-label">Promo code</label>
      <div className="flex gap-2">
        <input id={id} value={code} onChange={(e) => setCode(e.target.value)} className="field-input" autoComplete="off" disabled={disabled} />
        <button type="submit" className="btn-outline" disabled={disabled || busy || code.trim() === ""}>
          Update
        </button>
      </div>
      <p aria-live="polite" className={`mt-2 text-sm ${result?.ok ? "text-brand-700" : "text-red-700"}`}>
        {result?.text ?? (appliedCode && amountOffPence > 0 ? `${appliedCode}: ${formatPence(amountOffPence)} off Sub Total` : appliedCode && discount > 0 ? `${appliedCode}: ${discount}% off Sub Total` : "")}
      </p>
    </form>
  );
}

/**
 * Re-prices every line with the server when the basket is shown: a changed price is shown to the customer
 * and kept, never silently; a line that can no longer be made is flagged.
 */
function useReprice(items: BasketItem[] | null) {
  const [notices, setNotices] = useState<string[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const checked = useRef(new Set<string>());

  useEffect(() => {
    if (!items) return;
    const seen = checked.current;
    const fresh = items.filter((item) => !seen.has(item.lineId));
    if (fresh.length === 0) return;
    for (const item of fresh) seen.add(item.lineId);
    let cancelled = false;
    let done = false;
    setBusy(true);
    Promise.all(
      fresh.map(async (item) => {
        try {
          const result = await calculatePrice({
            productId: item.productId,
            ...(item.customWidth !== null ? { customWidth: item.customWidth, customHeight: item.customHeight ?? undefined } : {}),
            selectedQuantity: item.quantity,
            attributes: item.attributes,
          });
          return { item, pence: result.linePence };
        } catch (error) {
          return { item, error: error instanceof ApiResponseError ? error.message : null };
        }
      }),
    ).then((results) => {
      done = true;
      if (cancelled) return;
      setBusy(false);
      const changed = results.filter((r) => r.pence !== undefined && r.pence !== r.item.pricePence);
      if (changed.length > 0) {
        basketStore.set((state) => ({
          ...state,
          items: state.items.map((line) => {
            const hit = changed.find((r) => r.item.lineId === line.lineId);
            return hit && hit.pence !== undefined ? { ...line, pricePence: hit.pence } : line;
          }),
        }));
        setNotices((current) => [
          ...current,
          ...changed.map(
            (r) => `The price of ${r.item.productName} has changed from ${formatPence(r.item.pricePence)} to ${formatPence(r.pence!)}.`,
          ),
        ]);
      }
      const failed = results.filter((r) => r.error !== undefined && r.error !== null);
      if (failed.length > 0) {
        setProblems((current) => ({
          ...current,
          ...Object.fromEntries(failed.map((r) => [r.item.lineId, `This item can no longer be ordered as configured (${r.error}). Please remove it and add it again.`])),
        }));
      }
    });
    return () => {
      if (done) return;
      cancelled = true;
      setBusy(false);
      for (const item of fresh) seen.delete(item.lineId);
    };
  }, [items]);

  return { notices, problems, busy };
}
