import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { useIsLoggedIn } from "../../lib/auth";
import { useBasket } from "../../lib/basket";
import { useHydrated } from "../../lib/use-hydrated";
import { SignInForm } from "../account/login";
import type { Route } from "./+types/express";
import { NeedsJavaScript } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "Checkout | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

const ADDRESS_STEP = "/checkout/address-and-delivery";

/** Express checkout: sign in, or carry on as a guest (an account is made at the address step). */
export default function ExpressCheckoutPage() {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  const basket = useBasket();
  const navigate = useNavigate();

  useEffect(() => {
    if (!hydrated) return;
    if (basket.items.length === 0) navigate("/basket", { replace: true });
    else if (loggedIn) navigate(ADDRESS_STEP, { replace: true });
  }, [hydrated, loggedIn, basket.items.length, navigate]);

  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-bold">Checkout</h1>
      <NeedsJavaScript className="mt-4">Checking out needs JavaScript. Please turn it on to pay for your order.</NeedsJavaScript>
      <div className="mt-6 grid gap-8 md:grid-cols-2">
        <section aria-labelledby="express-heading" className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="express-heading" className="text-xl font-bold">Express Checkout</h2>
          <p className="mt-1 text-sm text-slate-600">Sign in and we fill in your saved addresses.</p>
          <SignInForm onSignedIn={() => navigate(ADDRESS_STEP)} submitLabel="Sign in and continue" />
        </section>
        <section aria-labelledby="standard-heading" className="flex flex-col rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="standard-heading" className="text-xl font-bold">Standard Checkout</h2>
          <p className="mt-2 text-slate-600">
            New here? Check out with your email and a password: we create your account as you go, so you can upload artwork and track
            your order.
          </p>
          <div className="mt-6">
            <Link to={ADDRESS_STEP} className="btn-primary px-6">
              Continue
            </Link>
          </div>
        </section>
      </div>
    </div>
  );
}
