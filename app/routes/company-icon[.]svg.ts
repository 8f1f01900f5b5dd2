import { initialsOf } from "~/utils/company-brand";
import { getCompanySettings } from "~/utils/company.server";

/**
 * GET /company-icon.svg: the browser tab's icon, the business's initials on the brand colour (what the
 * storefront header shows without a logo), so a real install's tab never carries the demo's letters.
 */
export function loader() {
  // letters and digits only (initialsOf takes each word's first letter or digit): nothing to escape
  const initials = initialsOf(getCompanySettings().shortName) || "T";
  const size = initials.length > 1 ? 13 : 16;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#174ca8"/>` +
    `<text x="16" y="21" font-family="Arial,sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // a renamed business shows its new letters within the hour
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
