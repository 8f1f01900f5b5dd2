import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseSidebarState, sidebarCookie, toggledSidebarState } from "~/components/admin/sidebar-state";
import { requireAdmin, safeRedirectPath } from "~/utils/auth.server";

/**
 * The sidebar's collapse button without JavaScript: flips the `sidebar_state` cookie and goes back to the
 * page the admin was on. (With JavaScript the page writes the same cookie itself.)
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const current =
    form.get("current") === "collapsed" || form.get("current") === "expanded"
      ? (form.get("current") as "collapsed" | "expanded")
      : parseSidebarState(request.headers.get("Cookie"));
  const requested = form.get("state");
  const next =
    requested === "collapsed" || requested === "expanded" ? requested : toggledSidebarState(current);
  const back = safeRedirectPath(form.get("redirectTo"), "/admin");
  return redirect(back.startsWith("/admin") ? back : "/admin", {
    headers: { "Set-Cookie": sidebarCookie(next) },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin");
}
