import { data, isRouteErrorResponse, Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [{ title: "Staff console | Printwise Trade Print" }, { name: "robots", content: "noindex" }];

/**
 * The staff console. The document itself is served only to staff: the session cookie (path /staff, set at
 * sign-in) is checked here on the server. Nobody signed in gets 401, a customer 404. Data comes from the
 * /api/staff calls, which check the role again on every request.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get("cookie") ?? "";
  const token = /(?:^|;\s*)session=([A-Za-z0-9_-]{43})(?:;|$)/.exec(cookie)?.[1];
  const user = token ? await context.services.accounts.authenticate(token) : null;
  if (!user) throw data("Please sign in with your staff account", { status: 401, headers: { "cache-control": "no-store" } });
  if (user.role !== "staff") throw data("Page not found", { status: 404, headers: { "cache-control": "no-store" } });
  const me = await context.services.accounts.contact(user.userId);
  return data({ name: me ? `${me.firstname}` : "Staff" }, { headers: { "cache-control": "no-store" } });
}

export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-ink"}`;
  return (
    <div className="container-page py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-500">Staff console · {loaderData.name}</p>
      </div>
      <nav aria-label="Staff" className="mt-2 flex gap-1 overflow-x-auto border-b border-slate-200">
        <NavLink to="/staff" end className={tab}>
          Production queue
        </NavLink>
        <NavLink to="/staff/outbox" className={tab}>
          Mail outbox
        </NavLink>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-3xl font-bold">{status === 401 ? "Please sign in with your staff account" : status === 404 ? "Page not found" : "Something went wrong"}</h1>
      {status === 401 ? (
        <Link to="/login" className="btn-primary mt-8">
          Log in
        </Link>
      ) : (
        <Link to="/" className="btn-primary mt-8">
          Back to the home page
        </Link>
      )}
    </section>
  );
}
