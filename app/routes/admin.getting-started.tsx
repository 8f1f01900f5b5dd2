import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";
import { hideGettingStarted } from "~/utils/getting-started-cookie.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * POST /admin/getting-started (the dashboard card's "Hide this list"): hides the card for this admin in
 * this browser and goes back to the dashboard. The steps stay on the Company settings screen.
 */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return redirectWithToast(
    request,
    "/admin",
    { title: "Getting started hidden", description: "Company settings still shows what is set up." },
    { headers: { "Set-Cookie": await hideGettingStarted(request, admin.id) } },
  );
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin");
}
