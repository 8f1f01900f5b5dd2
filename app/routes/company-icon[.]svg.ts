import { companyIconSvg } from "~/utils/company-icon.server";

/**
 * GET /company-icon.svg: the browser tab's icon, the business's initials on the brand colour (what the
 * storefront header shows without a logo), so a real install's tab never carries the demo's letters.
 */
export function loader() {
  return new Response(companyIconSvg(), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      // a renamed business shows its new letters within the hour
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
