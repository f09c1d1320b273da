import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CHECKOUT_MESSAGES } from "../../../domain/checkout";
import { formatPence } from "../../../domain/format";
import { CheckoutSteps } from "../../components/checkout-steps";
import { ApiResponseError } from "../../lib/api-client";
import { userIdStore, useIsLoggedIn } from "../../lib/auth";
import { basketStore, useBasket } from "../../lib/basket";
import { EMPTY_BASKET, type BasketState } from "../../../domain/basket";
import { basketTotals, createCheckoutSession, fetchTradeAccount, placeOnAccount } from "../../lib/checkout";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/payment";
import { recalledBlindShipping, recalledPoNumber } from "./use-address-form";
import { NeedsJavaScript, WHILE_SCRIPTS_LOAD } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "Payment | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

type Problem = { text: string; kind: "retry" | "account" | "basket" };
type TradeAccount = NonNullable<Awaited<ReturnType<typeof fetchTradeAccount>>["account"]>;

/** What went wrong with a payment call, in the customer's words, and what they can do about it. */
function problemOf(error: unknown): Problem {
  if (error instanceof ApiResponseError) {
    if (error.status === 401 || error.status === 404) return { text: CHECKOUT_MESSAGES.accountProblem, kind: "account" };
    if (error.status === 409 || error.status === 400) return { text: error.message, kind: "basket" };
    if (error.status === 429) return { text: error.message, kind: "retry" };
  }
  return { text: CHECKOUT_MESSAGES.couldNotStart, kind: "retry" };
}

/** Step 2: asks the server for a payment page for exactly its own total, then goes there. */
export default function PaymentPage() {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const basket = useBasket();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Problem | null>(null);
  const started = useRef(false);
  // A trade customer chooses between card and account; everyone else goes straight to the card page.
  const [trade, setTrade] = useState<TradeAccount | null>(null);
  const [busy, setBusy] = useState(false);
  const placed = useRef(false);

  const start = useCallback(async () => {
    setProblem(null);
    const userId = userIdStore.get();
    if (!userId || !/^\d+$/.test(userId)) {
      setProblem({ text: CHECKOUT_MESSAGES.accountProblem, kind: "account" });
      return;
    }
    try {
      const answer = await createCheckoutSession(await withSavedDesigns(basket), userId, undefined, recalledBlindShipping(), recalledPoNumber());
      if (!answer.url) throw new Error("no url");
      window.location.assign(answer.url);
    } catch (error) {
      setProblem(problemOf(error));
      started.current = false;
    }
  }, [basket]);

  const payOnAccount = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await placeOnAccount(await withSavedDesigns(basket), userIdStore.get() ?? "", recalledBlindShipping(), recalledPoNumber());
      // The order exists: the basket's work is done, and artwork is next.
      placed.current = true;
      basketStore.set(EMPTY_BASKET);
      navigate(answer.url);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!hydrated || placed.current) return;
    if (basket.items.length === 0) {
      navigate("/basket", { replace: true });
      return;
    }
    if (!loggedIn) {
      navigate("/checkout/signup", { replace: true });
      return;
    }
    if (started.current) return;
    started.current = true;
    fetchTradeAccount()
      .then((answer) => {
        if (answer.account) setTrade(answer.account);
        else void start();
      })
      .catch(() => void start());
  }, [hydrated, loggedIn, basket.items.length, navigate, start]);

  const totals = basketTotals(basket);
  return (
    <div className="container-page max-w-2xl py-8">
      <CheckoutSteps current={2} />
      <h1 className="text-3xl font-bold">Payment</h1>
      <NeedsJavaScript className="mt-4">Checking out needs JavaScript. Please turn it on to pay for your order.</NeedsJavaScript>
      <section className="mt-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200" aria-live="polite">
        {problem ? (
          <>
            <p role="alert" className="font-semibold text-red-700">
              {problem.text}
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              {problem.kind === "retry" ? (
                <button type="button" className="btn-primary" onClick={() => void start()}>
                  Try again
                </button>
              ) : null}
              {problem.kind === "account" ? (
                <Link to="/login" className="btn-primary">
                  Log in again
                </Link>
              ) : null}
              <Link to="/basket" className="btn-outline">
                Back to basket
              </Link>
            </div>
          </>
        ) : null}
        {trade ? (
          <TradeChoice account={trade} totalPence={totals.totalPence} busy={busy} onCard={() => void start()} onAccount={() => void payOnAccount()} />
        ) : problem ? null : (
          <p className={`text-slate-700 ${WHILE_SCRIPTS_LOAD}`}>
            Taking you to our secure payment page to pay <strong>{hydrated ? formatPence(totals.totalPence) : ""}</strong>…
          </p>
        )}
      </section>
    </div>
  );
}

/** A trade customer's two ways to pay: the card page, or the account while it has room and is not on hold. */
function TradeChoice({ account, totalPence, busy, onCard, onAccount }: { account: TradeAccount; totalPence: number; busy: boolean; onCard: () => void; onAccount: () => void }) {
  const fits = !account.onHold && account.balancePence + totalPence <= account.creditLimitPence;
  return (
    <div className={"mt-1"}>
      <h2 className="text-lg font-bold">How would you like to pay {formatPence(totalPence)}?</h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="rounded-lg p-4 ring-1 ring-slate-200">
          <p className="font-semibold">Pay on account</p>
          <p className="mt-1 text-sm text-slate-600">
            Invoiced today, due in {account.termsDays} days. {formatPence(account.availablePence)} of your {formatPence(account.creditLimitPence)} limit is available.
          </p>
          {account.onHold ? (
            <p className="mt-2 text-sm font-semibold text-red-700">
              {account.holdReason === "overdue" ? `Your account is on hold: ${formatPence(account.overduePence)} is overdue.` : "Your account is on hold. Please contact us."}
            </p>
          ) : !fits ? (
            <p className="mt-2 text-sm font-semibold text-red-700">This order is more than your available credit.</p>
          ) : null}
          <button type="button" className="btn-primary mt-3 w-full" onClick={onAccount} disabled={busy || !fits}>
            {busy ? "Placing your order…" : "Pay on account"}
          </button>
        </div>
        <div className="rounded-lg p-4 ring-1 ring-slate-200">
          <p className="font-semibold">Pay by card</p>
          <p className="mt-1 text-sm text-slate-600">On our secure payment page; the order is made as soon as the payment goes through.</p>
          <button type="button" className="btn-outline mt-3 w-full" onClick={onCard} disabled={busy}>
            Pay by card
          </button>
        </div>
      </div>
    </div>
  );
}

/** A guest's designs from the online editor move from this browser to the account before paying (loaded only then). */
async function withSavedDesigns(basket: BasketState): Promise<BasketState> {
  if (!basket.items.some((item) => item.design && item.design.id === null)) return basket;
  return (await import("../../lib/design-api")).saveBasketDesigns(basket);
}
