/**
 * The listing-view cookie: a display preference, not a secret, so it is not signed and needs no session (a
 * guest who only switches the view gets no session row). A year long, SameSite=Lax, read by the server only.
 */
import { createCookie } from "@remix-run/node";
import {
  LISTING_VIEW_COOKIE,
  LISTING_VIEW_MAX_AGE_SECONDS,
  parseListingView,
  type ListingView,
} from "~/domain/catalog/listing-view";

const listingViewCookie = createCookie(LISTING_VIEW_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: process.env.COOKIE_SECURE === "true",
  maxAge: LISTING_VIEW_MAX_AGE_SECONDS,
});

/** The view the request's cookie names; the grid when there is none or it cannot be read. */
export async function listingViewOf(request: Request): Promise<ListingView> {
  const value = await listingViewCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return parseListingView(value);
}

/** The Set-Cookie header that remembers `view`. */
export function rememberListingView(view: ListingView): Promise<string> {
  return listingViewCookie.serialize(view);
}
