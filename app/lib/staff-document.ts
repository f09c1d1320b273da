// Who may have a console page's document, decided on the server from the session cookie (path /staff,
// set at sign-in): nobody signed in gets 401, anyone without the role 404. The API checks again on every call.
import { data, type AppLoadContext } from "react-router";
import { isManagerRole, type UserRole } from "../../domain/roles";

const SESSION_COOKIE = /(?:^|;\s*)session=([A-Za-z0-9_-]{43})(?:;|$)/;

export async function staffDocumentUser(request: Request, context: AppLoadContext, allowed: (role: UserRole) => boolean) {
  const token = SESSION_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  const user = token ? await context.services.accounts.authenticate(token) : null;
  if (!user) throw data("Please sign in with your staff account", { status: 401, headers: { "cache-control": "no-store" } });
  if (!allowed(user.role)) throw data("Page not found", { status: 404, headers: { "cache-control": "no-store" } });
  return user;
}

/** The loader of a back-office page: its document is for managers only. */
export async function managerOnly({ request, context }: { request: Request; context: AppLoadContext }): Promise<null> {
  await staffDocumentUser(request, context, isManagerRole);
  return null;
}
