import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ARTWORK_MESSAGES } from "../../../domain/artwork";
import { formatDeliveryDate } from "../../../domain/format";
import { ArtworkGuide } from "../../components/artwork/artwork-guide";
import { ItemUploader } from "../../components/artwork/item-uploader";
import { DesignPanel } from "../../components/design-service/design-panel";
import { CheckoutSteps } from "../../components/checkout-steps";
import { useIsLoggedIn } from "../../lib/auth";
import { useHydrated } from "../../lib/use-hydrated";
import type { Route } from "./+types/artwork-uploader";
import { useOrderArtwork } from "./use-order-artwork";
import { NeedsJavaScript, WHILE_SCRIPTS_LOAD } from "../../components/needs-javascript";
import { ProblemAlert } from "../../components/problem-alert";

export const meta: Route.MetaFunction = () => [{ title: "Upload your artwork | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/** After payment: the order is made from the session, then each item's artwork is uploaded and approved. */
export default function ArtworkUploaderPage() {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { state, replaceFile, complete, saves } = useOrderArtwork({
    sessionId: search.get("session_id"),
    orderGroupId: search.get("order_group_id"),
    hydrated,
    loggedIn,
    keepBasket: search.get("kind") === "redesign",
  });
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  // A refusal describes the files as they were: any change to them (upload, approval, quantity) retires it.
  const onFileChange: typeof replaceFile = (...args) => {
    setStatus(null);
    replaceFile(...args);
  };

  const onComplete = async () => {
    setBusy(true);
    setStatus(null);
    try {
      const problem = await complete();
      if (problem) {
        window.alert(problem);
        setStatus(problem);
        return;
      }
      if (state.kind === "ready") navigate(`/checkout/order-confirmation/${state.group.order_group_id}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container-page py-8">
      <CheckoutSteps current={3} />
      {search.get("session_id") ? (
        <p role="status" className="mb-6 rounded-lg bg-emerald-50 px-4 py-3 font-semibold text-emerald-900 ring-1 ring-emerald-200">
          {ARTWORK_MESSAGES.success}
        </p>
      ) : null}
      <h1 className="text-3xl font-bold">{state.kind === "ready" && state.group.products.every((p) => p.designs > 0) ? "Send your design brief" : "Upload your artwork"}</h1>
      <NeedsJavaScript className="mt-4">This page needs JavaScript. Please turn it on to see your order and send your artwork.</NeedsJavaScript>
      {state.kind === "loading" ? <p className={`mt-4 text-slate-600 ${WHILE_SCRIPTS_LOAD}`}>Loading your order...</p> : null}
      {state.kind === "problem" ? (
        <div className="mt-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p role="alert" className="font-semibold text-red-700">
            {state.message}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            {state.signIn ? (
              <Link to="/login" className="btn-primary">
                Log in
              </Link>
            ) : (
              <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
                Reload
              </button>
            )}
            <Link to="/my-account/orders" className="btn-outline">
              My orders
            </Link>
          </div>
        </div>
      ) : null}
      {state.kind === "ready" ? (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-5">
            <p className="text-slate-700">
              {state.group.products.every((p) => p.designs > 0) ? (
                <>
                  Order <strong>{state.group.order_group_id}</strong>: tell our designer what you would like. Delivery is counted from the day you approve your design. Your brief is
                  saved as you go: you can leave and come back from your account.
                </>
              ) : (
                <>
                  Order <strong>{state.group.order_group_id}</strong>, delivery by <strong>{formatDeliveryDate(state.group.delivery_date)}</strong>. Upload one file per version, check
                  what our automatic check says, view the proof, and approve it. Your files are saved as you go: you can leave and come back from your account.
                </>
              )}
            </p>
            {state.group.products.map((product) =>
              // A designed item asks for its brief instead of an upload (docs/decisions/027-design-service-money-and-dates.md).
              product.designs > 0 ? (
                <DesignPanel key={product.order_id} orderId={product.order_id} />
              ) : (
                <ItemUploader key={product.order_id} orderGroupId={state.group.order_group_id} product={product} onFileChange={onFileChange} saves={saves} />
              ),
            )}
            <div className="flex flex-wrap items-center gap-4">
              <button type="button" className="btn-primary px-6 py-3 text-lg" onClick={() => void onComplete()} disabled={busy}>
                {busy ? "Sending to print…" : "Order Complete"}
              </button>
              <ProblemAlert message={status} />
            </div>
          </div>
          <aside>
            <ArtworkGuide />
          </aside>
        </div>
      ) : null}
    </div>
  );
}
