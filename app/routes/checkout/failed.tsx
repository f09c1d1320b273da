import { Link } from "react-router";
import { CHECKOUT_MESSAGES } from "../../../domain/checkout";
import { CheckoutSteps } from "../../components/checkout-steps";
import type { Route } from "./+types/failed";

export const meta: Route.MetaFunction = () => [{ title: "Payment not completed | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/** A declined or cancelled payment. The basket is untouched, so trying again starts from it. */
export default function PaymentFailedPage() {
  return (
    <div className="container-page max-w-2xl py-8">
      <CheckoutSteps current={2} />
      <h1 className="text-3xl font-bold">Payment not completed</h1>
      <section className="mt-6 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p role="alert" className="text-lg">
          {CHECKOUT_MESSAGES.paymentFailed}
        </p>
        <p className="mt-2 text-sm text-slate-600">Your basket is just as you left it. Nothing has been charged.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to="/checkout/payment" className="btn-primary">
            Try again
          </Link>
          <Link to="/basket" className="btn-outline">
            Back to basket
          </Link>
          <Link to="/contact-us" className="btn-outline">
            Contact support
          </Link>
        </div>
      </section>
    </div>
  );
}
