import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LISTING_VIEWS, type ListingView } from "~/domain/catalog/listing-view";
import { rememberListingView } from "~/utils/listing-view.server";
import { sameSitePath } from "~/utils/safe-redirect";

/**
 * GET /listing-view?view=grid|list&back=/category/...: the Grid / List toggle's links. Remembers the view in
 * a cookie and goes back to the listing (a same-site path; anything else goes home). A display preference,
 * so a plain link is enough: following it twice leaves the same state, and it works without JavaScript.
 * An unknown view changes nothing and goes back all the same.
 *
 * 302 to `back` (with Set-Cookie when the view is known).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const back = sameSitePath(url.searchParams.get("back"));
  const view = url.searchParams.get("view");
  // the answer depends on the query alone, but it sets a cookie: never kept by a cache
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (LISTING_VIEWS.includes(view as ListingView)) headers.set("Set-Cookie", await rememberListingView(view as ListingView));
  return redirect(back, { headers });
}
