/**
 * The price-basis cookie: a preference, not a secret, so it is not signed and needs no session (a guest
 * who only switches the basis gets no session row). A year long, SameSite=Lax, readable by the server only.
 */
import { createCookie } from "@remix-run/node";
import {
  PRICE_BASIS_COOKIE,
  PRICE_BASIS_MAX_AGE_SECONDS,
  parsePriceBasis,
  type PriceBasis,
} from "~/domain/pricing/price-basis";

const priceBasisCookie = createCookie(PRICE_BASIS_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  secure: process.env.COOKIE_SECURE === "true",
  maxAge: PRICE_BASIS_MAX_AGE_SECONDS,
});

/** The basis the request's cookie names; inc VAT when there is none or it cannot be read. */
export async function priceBasisOf(request: Request): Promise<PriceBasis> {
  const value = await priceBasisCookie.parse(request.headers.get("Cookie")).catch(() => null);
  return parsePriceBasis(value);
}

/** The Set-Cookie header that remembers `basis`. */
export function rememberPriceBasis(basis: PriceBasis): Promise<string> {
  return priceBasisCookie.serialize(basis);
}
