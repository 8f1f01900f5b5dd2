import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/utils/auth.server";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

/**
 * GET /api/logout, the spec's navigation target: never signs out, it shows the one-button confirm page
 * (/logout). A GET cannot tell a click in the app from another site's link or image: a browser on a plain-http
 * address (a LAN install) sends no `Sec-Fetch-Site`, so a header check would let any page sign a buyer out.
 * Every Log Out in the app is a POST form (LogoutForm), so one click still signs out, with or without JavaScript.
 */
export function loader() {
  return redirect("/logout");
}

/**
 * POST /api/logout: ends the session and goes home. The edge check has already refused a post from another
 * site (403, the session untouched).
 */
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

/** With JavaScript (Log Out posts in the background), a lost reply leaves the page as it is and says so. */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description: "You may still be signed in. Check your connection and press Log Out again.",
});
