import type { LoaderFunctionArgs } from "@remix-run/node";
import { APP_ICON_SIZES, companyIconPng } from "~/utils/company-icon.server";

/** GET /app-icons/192.png and /app-icons/512.png: the installable app's icons (manifest), drawn from the company's mark. */
export async function loader({ params }: LoaderFunctionArgs) {
  const size = Number(/^(\d+)\.png$/.exec(params.file ?? "")?.[1]);
  if (!APP_ICON_SIZES.includes(size as (typeof APP_ICON_SIZES)[number])) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(new Uint8Array(await companyIconPng(size)), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" },
  });
}
