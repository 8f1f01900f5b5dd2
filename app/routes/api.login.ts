import { redirect } from "@remix-run/node";
import { onlyMethods } from "~/utils/http.server";

/** The spec's login URL: the sign-in screen. */
export function loader({ request }: { request: Request }) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirect(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login");
}

/** Any other method: 405 with the methods this path takes. */
export const action = onlyMethods(["GET"]);
