import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { endSession } from "~/utils/auth.server";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

/** GET (the spec's navigation target) and POST both sign out and go to the home page. */
async function signOut({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

export const loader = signOut;
export const action = signOut;

/** With JavaScript (Log Out posts in the background), a lost reply leaves the page as it is and says so. */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description: "You may still be signed in. Check your connection and press Log Out again.",
});
