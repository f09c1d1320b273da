import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { CHECKOUT_MESSAGES } from "../../../domain/checkout";
import { formatPence } from "../../../domain/format";
import { CheckoutSteps } from "../../components/checkout-steps";
import { ApiResponseError } from "../../lib/api-client";
import { userIdStore, useIsLoggedIn } from "../../lib/auth";
import { useBasket } from "../../lib/basket";
import { basketTotals, createCheckoutSession } from "../../lib/checkout";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/payment";
import { recalledBlindShipping, recalledPoNumber } from "./use-address-form";

export const meta: Route.MetaFunction = () => [{ title: "Payment | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

type Problem = { text: string; kind: "retry" | "account" | "basket" };

/** Step 2: asks the server for a payment page for exactly its own total, then goes there. */
export default function PaymentPage() {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const basket = useBasket();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<Problem | null>(null);
  const started = useRef(false);

  const start = useCallback(async () => {
    setProblem(null);
    const userId = userIdStore.get();
    if (!userId || !/^\d+$/.test(userId)) {
      setProblem({ text: CHECKOUT_MESSAGES.accountProblem, kind: "account" });
      return;
    }
    try {
      const answer = await createCheckoutSession(basket, userId, undefined, recalledBlindShipping(), recalledPoNumber());
      if (!answer.url) throw new Error("no url");
      window.location.assign(answer.url);
    } catch (error) {
      if (error instanceof ApiResponseError) {
        if (error.status === 401 || error.status === 404) setProblem({ text: CHECKOUT_MESSAGES.accountProblem, kind: "account" });
        else if (error.status === 409 || error.status === 400) setProblem({ text: error.message, kind: "basket" });
        else if (error.status === 429) setProblem({ text: error.message, kind: "retry" });
        else setProblem({ text: CHECKOUT_MESSAGES.couldNotStart, kind: "retry" });
      } else {
        setProblem({ text: CHECKOUT_MESSAGES.couldNotStart, kind: "retry" });
      }
      started.current = false;
    }
  }, [basket]);

  useEffect(() => {
    if (!hydrated) return;
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
    void start();
  }, [hydrated, loggedIn, basket.items.length, navigate, start]);

  const totals = basketTotals(basket);
  return (
    <div className="container-page max-w-2xl py-8">
      <CheckoutSteps current={2} />
      <h1 className="text-3xl font-bold">Payment</h1>
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
        ) : (
          <p className="text-slate-700">
            Taking you to our secure payment page to pay <strong>{hydrated ? formatPence(totals.totalPence) : ""}</strong>…
          </p>
        )}
      </section>
    </div>
  );
}
