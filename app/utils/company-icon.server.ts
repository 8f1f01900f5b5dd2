/**
 * The business's mark: its initials (COMPANY_NAME) on the brand colour. The browser tab's SVG icon and the
 * installable app's PNG icons (manifest) are drawn from the same mark, so a real install never carries the demo's.
 */
import { BRAND_COLOUR, initialsOf } from "./company-brand";
import { getCompanySettings } from "./company.server";
import { loadSharp } from "./libraries.server";

export { BRAND_COLOUR };
export const APP_BACKGROUND = "#ffffff";

/** The icon as SVG; `square` for the app icons (the platform rounds or masks them itself). */
export function companyIconSvg({ square = false } = {}): string {
  // letters and digits only (initialsOf takes each word's first letter or digit): nothing to escape
  const initials = initialsOf(getCompanySettings().shortName) || "T";
  const size = initials.length > 1 ? 13 : 16;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="${square ? 0 : 6}" fill="${BRAND_COLOUR}"/>` +
    `<text x="16" y="21" font-family="Arial,sans-serif" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`
  );
}

/** The app icon sizes the manifest names (the two every platform asks for). */
export const APP_ICON_SIZES = [192, 512] as const;

/** The icon as a PNG of `size` pixels square. */
export async function companyIconPng(size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(companyIconSvg({ square: true })), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();
}
