import { NavLink, Outlet, useNavigate } from "react-router";
import { signOut } from "../../lib/account-api";
import type { Route } from "./+types/layout";
import { NeedsJavaScript } from "../../components/needs-javascript";

export const meta: Route.MetaFunction = () => [{ title: "My account | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/** The account area (spec section 2): a tab bar over each page. Pages fetch their data in the browser. */
export default function AccountLayout() {
  return (
    <div className="container-page py-8">
      <AccountTabs />
      <NeedsJavaScript className="mt-6">Your account needs JavaScript. Please turn it on to see your orders, quotes and details.</NeedsJavaScript>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

function AccountTabs() {
  const navigate = useNavigate();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold sm:px-4 ${isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-ink"}`;
  return (
    // Wraps on a phone rather than scrolling sideways: at 390 px a scrolling bar hid "Trade account" with no cue.
    <nav aria-label="Account" className="flex flex-wrap gap-x-1 border-b border-slate-200">
      <NavLink to="/my-account" end className={tab}>
        Account
      </NavLink>
      <NavLink to="/my-account/orders" className={tab}>
        Orders
      </NavLink>
      <NavLink to="/my-account/quotes" className={tab}>
        Quotes
      </NavLink>
      <NavLink to="/my-account/trade-account" className={tab}>
        Trade account
      </NavLink>
      <NavLink to="/my-account/details" className={tab}>
        Details
      </NavLink>
      <button
        type="button"
        className={tab({ isActive: false })}
        onClick={async () => {
          await signOut();
          navigate("/");
        }}
      >
        Logout
      </button>
    </nav>
  );
}
