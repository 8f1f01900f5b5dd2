/**
 * The business's name as pages show it: in the storefront and back-office headers, the page titles and the
 * logo's alt text. The root loader sends it with every page (from COMPANY_NAME and the uploaded logo, see
 * company.server.ts), so the same build shows any wholesaler's own name. Safe for the browser.
 */
import { useRouteLoaderData } from "@remix-run/react";

export type CompanyBrand = {
  /** the registered name, as on invoices: "Acme Catering Supplies Ltd" */
  name: string;
  /** the name without its legal ending, for headers and titles: "Acme Catering Supplies" */
  shortName: string;
  /** the back office's title: "Acme Catering Supplies Admin" (the demo keeps the spec's "INFY Admin") */
  adminTitle: string;
  /** the uploaded logo's URL, with its size in pixels, or null for none */
  logo: { url: string; width: number; height: number } | null;
};

/** The storefront's brand colour (Tailwind's brand-700): the header, the icon, the installed app's title bar. */
export const BRAND_COLOUR = "#174ca8";

/** What a page shows before the business is known (the root loader failed): no one's name in particular. */
export const UNKNOWN_BRAND: CompanyBrand = { name: "Trade Counter", shortName: "Trade Counter", adminTitle: "Trade Counter Admin", logo: null };

const LEGAL_ENDING = /[\s,]+(ltd\.?|limited|plc|llp|l\.l\.p\.|cic|inc\.?|llc)$/i;

/** "Acme Catering Supplies Ltd" → "Acme Catering Supplies"; a name that is only a legal ending stays whole. */
export function shortCompanyName(name: string): string {
  const short = name.trim().replace(LEGAL_ENDING, "").trim();
  return short || name.trim();
}

/** Up to two initials for a square mark: "INFY Wholesale" → "IW", "acme" → "A". */
export function initialsOf(name: string): string {
  return name
    .split(/[\s&+/-]+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
}

/** The business as the current page was rendered for (the root loader's `company`). */
export function useCompanyBrand(): CompanyBrand {
  return useRouteLoaderData<{ company?: CompanyBrand }>("root")?.company ?? UNKNOWN_BRAND;
}

type MetaMatch = { id: string; data: unknown };

/** The business from a `meta` function's matches (the root route's data). */
export function brandFromMatches(matches: readonly MetaMatch[]): CompanyBrand {
  const root = matches.find((match) => match.id === "root")?.data as { company?: CompanyBrand } | undefined;
  return root?.company ?? UNKNOWN_BRAND;
}

/** A storefront page's title: "Cart · Acme Catering Supplies". */
export function pageTitle(matches: readonly MetaMatch[], title: string): string {
  return `${title} · ${brandFromMatches(matches).shortName}`;
}

/** A back-office page's title: "Products · Acme Catering Supplies Admin". */
export function adminPageTitle(matches: readonly MetaMatch[], title: string): string {
  return `${title} · ${brandFromMatches(matches).adminTitle}`;
}

/** The home page's title: "Acme Catering Supplies · Trade-only wholesale supplies". */
export function homePageTitle(matches: readonly MetaMatch[]): string {
  return `${brandFromMatches(matches).shortName} · Trade-only wholesale supplies`;
}
