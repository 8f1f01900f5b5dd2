import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { endSession } from "~/utils/auth.server";

/** GET (the spec's navigation target) and POST both sign out and go to the home page. */
async function signOut({ request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

export const loader = signOut;
export const action = signOut;
