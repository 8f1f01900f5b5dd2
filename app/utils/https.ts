/**
 * Cookies and HSTS follow the connection: a request that arrived over https (directly, or through a proxy
 * the install trusts with TRUST_PROXY=true) gets Secure cookies and Strict-Transport-Security, whatever
 * COOKIE_SECURE says; plain http on the shop's LAN keeps working.
 */
export const HSTS_HEADER = "max-age=31536000; includeSubDomains";

/** A Set-Cookie value with the Secure attribute (added once). */
export function withSecureFlag(cookie: string): string {
  return /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`;
}

/** Every Set-Cookie value of a header (one string or a list) with the Secure attribute. */
export function secureSetCookie<T extends string | number | readonly string[]>(value: T): T {
  if (Array.isArray(value)) return value.map(withSecureFlag) as unknown as T;
  return (typeof value === "string" ? withSecureFlag(value) : value) as T;
}
