import { useLayoutEffect, useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
} from "react-router";
import { isManagerRole, isStaffRole } from "../../../domain/roles";
import { staffDocumentUser } from "../../lib/staff-document";
import { signOut } from "../../lib/account-api";
import type { RouteHandle } from "../../root";
import type { Route } from "./+types/layout";

/** The console is a workplace, not a shop page: no basket, no product search, its own navigation. */
export const handle: RouteHandle = { ownChrome: true };

export const meta: Route.MetaFunction = () => [
  { title: "Staff console | Printwise Trade Print" },
  { name: "robots", content: "noindex" },
];

/**
 * The staff console. The document itself is served only to staff: the session cookie (path /staff, set at
 * sign-in) is checked here on the server. Nobody signed in gets 401, a customer 404. Data comes from the
 * /api/staff calls, which check the role again on every request. Managers also see the back office.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await staffDocumentUser(request, context, isStaffRole);
  const me = await context.services.accounts.contact(user.userId);
  return data(
    {
      name: me ? `${me.firstname}` : "Staff",
      manager: isManagerRole(user.role),
    },
    { headers: { "cache-control": "no-store" } },
  );
}

export const headers: Route.HeadersFunction = () => ({
  "cache-control": "no-store",
});

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50">
      <ConsoleHeader name={loaderData.name} manager={loaderData.manager} />
      <main id="main" className="container-page py-6">
        <Outlet />
      </main>
    </div>
  );
}

function ConsoleHeader({
  name,
  manager = false,
}: {
  name?: string;
  manager?: boolean;
}) {
  const navigate = useNavigate();
  const navRef = useActiveTabInView();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `whitespace-nowrap rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-white text-ink" : "text-slate-200 hover:bg-slate-700 hover:text-white"}`;
  return (
    <header className="bg-slate-800 text-white">
      <div className="container-page flex flex-wrap items-center justify-between gap-3 py-3">
        <p className="text-base font-bold">
          Printwise{" "}
          <span className="font-normal text-slate-300">production console</span>
        </p>
        {/* On a phone the tabs are one row that scrolls sideways (twelve rows of wrapped tabs pushed the page
            below the first screen); from 640 px they wrap as before. */}
        <nav
          ref={navRef}
          aria-label="Console"
          className="-mx-4 flex w-[calc(100%+2rem)] gap-1 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:mx-0 sm:w-auto sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
        >
          {manager ? (
            <NavLink to="/staff" end className={tab}>
              Today
            </NavLink>
          ) : null}
          <NavLink to={manager ? "/staff/queue" : "/staff"} end className={tab}>
            Production queue
          </NavLink>
          <NavLink to="/staff/orders" className={tab}>
            Orders
          </NavLink>
          <NavLink to="/staff/customers" className={tab}>
            Customers
          </NavLink>
          <NavLink to="/staff/design" className={tab}>
            Design desk
          </NavLink>
          <NavLink to="/staff/outbox" className={tab}>
            Mail outbox
          </NavLink>
          {manager ? (
            <>
              <NavLink to="/staff/catalogue" className={tab}>
                Prices
              </NavLink>
              <NavLink to="/staff/promotions" className={tab}>
                Promotions
              </NavLink>
              <NavLink to="/staff/quotes" className={tab}>
                Quotes
              </NavLink>
              <NavLink to="/staff/accounts" className={tab}>
                Trade accounts
              </NavLink>
              <NavLink to="/staff/reports" className={tab}>
                Reports
              </NavLink>
              <NavLink to="/staff/team" className={tab}>
                Team
              </NavLink>
              <NavLink to="/staff/audit" className={tab}>
                Audit log
              </NavLink>
            </>
          ) : null}
        </nav>
        {name ? (
          <div className="flex items-center gap-3 text-sm">
            <span className="text-slate-300">Signed in as {name}</span>
            <a
              href="/"
              className="font-semibold whitespace-nowrap text-slate-200 underline-offset-2 hover:underline"
            >
              View shop
            </a>
            <button
              type="button"
              className="rounded-md border border-slate-500 px-3 py-1 font-semibold whitespace-nowrap hover:bg-slate-700"
              onClick={async () => {
                await signOut();
                navigate("/login");
              }}
            >
              Sign out
            </button>
          </div>
        ) : null}
      </div>
    </header>
  );
}

/**
 * Scrolls the tab row sideways so that the current page's tab is in view (a phone shows four or five of twelve).
 * Only the row moves, never the page: a visitor who has already scrolled down stays where they are.
 */
function useActiveTabInView() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const left = active.offsetLeft - nav.offsetLeft;
    if (
      left < nav.scrollLeft ||
      left + active.offsetWidth > nav.scrollLeft + nav.clientWidth
    ) {
      nav.scrollLeft = left - (nav.clientWidth - active.offsetWidth) / 2;
    }
  }, [pathname]);
  return ref;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      {status === 401 ? <ConsoleHeader /> : null}
      <main id="main" className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold">
          {status === 401
            ? "Please sign in with your staff account"
            : status === 404
              ? "Page not found"
              : "Something went wrong"}
        </h1>
        {status === 401 ? (
          <Link to="/login" className="btn-primary mt-8">
            Log in
          </Link>
        ) : (
          <Link to="/" className="btn-primary mt-8">
            Back to the home page
          </Link>
        )}
      </main>
    </>
  );
}
