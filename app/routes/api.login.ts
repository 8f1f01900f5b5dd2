import { redirect } from "@remix-run/node";

/** The spec's login URL: the sign-in screen. */
export function loader({ request }: { request: Request }) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return redirect(redirectTo ? `/login?${new URLSearchParams({ redirectTo })}` : "/login");
}
