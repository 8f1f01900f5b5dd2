import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { endSession } from "~/utils/auth.server";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

async function signOut(request: Request) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

/**
 * GET /api/logout, the spec's navigation target (the sidebar's Log Out link): signs out when the browser
 * says the navigation came from one of the app's own pages (or was typed: `Sec-Fetch-Site: none`), and a
 * client that is not a browser sends no such header. A link or image on another site gets the one-button
 * confirm page instead, so it cannot sign a buyer out.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === null || site === "same-origin" || site === "none") return signOut(request);
  return redirect("/logout");
}

/** POST /api/logout: signs out (the edge check has already refused posts from other sites). */
export async function action({ request }: ActionFunctionArgs) {
  return signOut(request);
}

/** With JavaScript (Log Out posts in the background), a lost reply leaves the page as it is and says so. */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description: "You may still be signed in. Check your connection and press Log Out again.",
});
