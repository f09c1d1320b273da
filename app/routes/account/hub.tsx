import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { DetailsIcon, LogoutIcon, OrdersIcon, UserIcon } from "../../components/icons";
import { fetchMe, signOut, type Me } from "../../lib/account-api";
import { useSignedInLoad } from "../../lib/use-signed-in";

/** The User Hub: shown instead of the login page when signed in (spec section 2). */
export default function AccountHub() {
  const navigate = useNavigate();
  const [me, setMe] = useState<Me | null>(null);
  useSignedInLoad((_userId, signal) => void fetchMe(signal).then(setMe, () => {}));

  // The tiles need no data: they show at once, and the greeting fills in when the account has loaded.
  const tile = "flex h-full flex-col items-start gap-3 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 hover:ring-brand-600 focus-visible:ring-brand-600";
  return (
    <section aria-labelledby="hub-heading">
      <h1 id="hub-heading" className="text-3xl font-bold">
        {me ? `Hello, ${me.firstname}` : "Your account"}
      </h1>
      <p className="mt-1 text-slate-600">{me ? me.email : "\u00a0"}</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <li>
          <Link to="/my-account" className={tile}>
            <UserIcon />
            <span className="text-lg font-bold">Account</span>
            <span className="text-sm text-slate-600">Your account at a glance</span>
          </Link>
        </li>
        <li>
          <Link to="/my-account/orders" className={tile}>
            <OrdersIcon />
            <span className="text-lg font-bold">Orders</span>
            <span className="text-sm text-slate-600">Track orders, proofs and VAT invoices</span>
          </Link>
        </li>
        <li>
          <Link to="/my-account/details" className={tile}>
            <DetailsIcon />
            <span className="text-lg font-bold">Details</span>
            <span className="text-sm text-slate-600">Name, email and telephone</span>
          </Link>
        </li>
        <li>
          <button
            type="button"
            className={`${tile} w-full text-left`}
            onClick={async () => {
              await signOut();
              navigate("/");
            }}
          >
            <LogoutIcon />
            <span className="text-lg font-bold">Logout</span>
            <span className="text-sm text-slate-600">Sign out on this device</span>
          </button>
        </li>
      </ul>
    </section>
  );
}
