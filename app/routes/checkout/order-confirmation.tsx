import { useEffect, useState } from "react";
import { data, isRouteErrorResponse, Link, useParams } from "react-router";
import { ARTWORK_MESSAGES } from "../../../domain/artwork";
import { MAX_ROW_ID } from "../../../domain/ids";
import { CheckoutSteps } from "../../components/checkout-steps";
import { api, ApiResponseError } from "../../lib/api-client";
import { useIsLoggedIn } from "../../lib/auth";
import { fetchGroup } from "../../lib/orders-api";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/order-confirmation";
import { orderRef } from "../../../domain/order-ref";
import { NeedsJavaScript, WHILE_SCRIPTS_LOAD } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = ({ error }) => [
  { title: `${error ? "Order Not Found" : "Thank you for your order"} | Printwise Trade Print` },
  { name: "robots", content: "noindex" },
];

/** An id that can name no order ("abc", "0") is a 404 from the server; who owns a real one is checked by the API. */
export function loader({ params }: Route.LoaderArgs) {
  const id = params.orderGroupId;
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > MAX_ROW_ID) {
    throw data("Order Not Found", { status: 404, headers: { "cache-control": "no-store" } });
  }
  return null;
}

/** The spec's 'Order Not Found' with its Back to Orders link; no checkout steps, as there is no order to tick. */
function OrderNotFound() {
  return (
    <div className="container-page max-w-2xl py-8">
      <section className="rounded-lg bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <h1 className="text-3xl font-bold">Order Not Found</h1>
        <Link to="/my-account/orders" className="btn-primary mt-6">
          Back to Orders
        </Link>
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <OrderNotFound />;
  throw error;
}

/** 'Thank you for your order!' with the Order ID, for the order's owner only. */
export default function OrderConfirmationPage() {
  const { orderGroupId = "" } = useParams();
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const [state, setState] = useState<"loading" | "ok" | "missing" | "error">("loading");

  useEffect(() => {
    if (!hydrated) return;
    if (!loggedIn) {
      setState("missing");
      return;
    }
    const controller = new AbortController();
    fetchGroup(orderGroupId, controller.signal)
      .then(() => {
        setState("ok");
        // Spec section 7: sent when this page loads. The server queued the email with the order; this sends nothing twice.
        void api("POST /api/email/send-confirmation", { auth: true, body: { orderRef: Number(orderGroupId) } }).catch(() => {});
      })
      .catch((error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        setState(error instanceof ApiResponseError && (error.status === 404 || error.status === 400) ? "missing" : "error");
      });
    return () => controller.abort();
  }, [hydrated, loggedIn, orderGroupId]);

  if (state === "missing") return <OrderNotFound />;
  return (
    <div className="container-page max-w-2xl py-8">
      <CheckoutSteps current={3} />
      <section className="rounded-lg bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <NeedsJavaScript>This page needs JavaScript. Please turn it on to see your order and send your artwork.</NeedsJavaScript>
        {state === "loading" ? <p className={`text-slate-600 ${WHILE_SCRIPTS_LOAD}`}>Loading...</p> : null}
        {state === "ok" ? (
          <>
            <h1 className="text-3xl font-bold">{ARTWORK_MESSAGES.thanks}</h1>
            <p className="mt-4 text-lg">
              Order ID: <strong data-testid="order-id">{orderGroupId}</strong>
            </p>
            {/^\d{1,10}$/.test(orderGroupId) && Number(orderGroupId) >= 1 ? (
              <p className="mt-1 text-slate-700">
                Reference: <strong data-testid="order-ref">{orderRef(Number(orderGroupId))}</strong>
              </p>
            ) : null}
            <p className="mt-2 text-slate-600">Your artwork is with our print team. We have emailed your confirmation, and you can follow every step in your account.</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link to="/" className="btn-primary">
                Back
              </Link>
              <Link to={`/my-account/orders/${orderGroupId}`} className="btn-outline">
                View order
              </Link>
            </div>
          </>
        ) : null}
        {state === "error" ? <p role="alert">Network error. Please try again.</p> : null}
      </section>
    </div>
  );
}
