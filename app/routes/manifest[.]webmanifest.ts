import { APP_BACKGROUND, APP_ICON_SIZES, BRAND_COLOUR } from "~/utils/company-icon.server";
import { getCompanySettings } from "~/utils/company.server";

/**
 * GET /manifest.webmanifest: what makes the storefront an installable app (docs/decisions/0077): the business's
 * own name (COMPANY_NAME), its brand colour and its mark as icons; it opens on the catalogue, in its own window.
 */
export function loader() {
  const company = getCompanySettings();
  const manifest = {
    name: company.shortName,
    short_name: company.shortName.length > 12 ? company.shortName.split(/\s+/)[0] : company.shortName,
    description: "Trade-only wholesale ordering: the catalogue, your prices and quick order, online and offline.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    lang: "en-GB",
    theme_color: BRAND_COLOUR,
    background_color: APP_BACKGROUND,
    icons: [
      ...APP_ICON_SIZES.map((size) => ({ src: `/app-icons/${size}.png`, sizes: `${size}x${size}`, type: "image/png", purpose: "any" })),
      { src: "/company-icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
