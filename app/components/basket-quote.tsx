// The basket's side of formal quotes: making one from the basket, and a quote in the basket that has expired.
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { isQuoteOnlyItem, type BasketState } from "../../domain/basket";
import { ukDateParts } from "../../domain/delivery";
import { QUOTE_MESSAGES } from "../../domain/quote";
import { errorMessage } from "../lib/api-client";
import { useIsLoggedIn } from "../lib/auth";
import { basketStore } from "../lib/basket";
import { quoteBasket } from "../lib/quotes-api";

/** 'Get a formal quote': the basket as a numbered quote, its PDF emailed, for a buyer to get the spend approved. */
export function FormalQuote({ basket, disabled }: { basket: BasketState; disabled: boolean }) {
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const onClick = async () => {
    if (!loggedIn) {
      navigate("/login?next=/basket");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const { quote } = await quoteBasket(basket);
      navigate(`/my-account/quotes/${quote.id}`);
    } catch (error) {
      setProblem(errorMessage(error, "The quote could not be made. Please try again."));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rounded-lg bg-white p-5 text-sm shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold">Need approval first?</p>
      <p className="mt-1 text-slate-600">Get a numbered quote as a PDF, with these prices held for 30 days.{loggedIn ? "" : " You will be asked to log in."}</p>
      <button type="button" className="btn-outline mt-3 w-full" onClick={() => void onClick()} disabled={disabled || busy}>
        {busy ? "Making your quote…" : "Get a formal quote"}
      </button>
      {problem ? (
        <p role="alert" className="mt-2 text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A quote in the basket past its last day: its lines go back to today's prices (manager-priced lines go), with a notice. */
export function useExpiredQuote(basket: BasketState | null): string | null {
  const [notice, setNotice] = useState<string | null>(null);
  const quote = basket?.quote ?? null;
  useEffect(() => {
    if (!quote || ukDateParts(new Date()).isoDate <= quote.validUntil) return;
    setNotice(QUOTE_MESSAGES.expired(quote.number, quote.validUntil));
    basketStore.set((state) => ({ ...state, quote: null, items: state.items.filter((item) => !isQuoteOnlyItem(item)) }));
  }, [quote]);
  return notice;
}
