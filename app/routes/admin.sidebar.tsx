import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { parseSidebarState, sidebarCookie, sidebarToggleSchema, toggledSidebarState } from "~/components/admin/sidebar-state";
import { requireStaff, safeRedirectPath } from "~/utils/auth.server";

/**
 * The sidebar's collapse button without JavaScript: flips the `sidebar_state` cookie and goes back to the
 * page the admin was on. (With JavaScript the page writes the same cookie itself.)
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireStaff(request, "home");
  const submission = parseWithZod(await request.formData(), { schema: sidebarToggleSchema });
  const form = submission.status === "success" ? submission.value : {};
  const current = form.current ?? parseSidebarState(request.headers.get("Cookie"));
  const next = form.state ?? toggledSidebarState(current);
  const back = safeRedirectPath(form.redirectTo ?? null, "/admin");
  return redirect(back.startsWith("/admin") ? back : "/admin", {
    headers: { "Set-Cookie": sidebarCookie(next) },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "home");
  return redirect("/admin");
}
