import { jsonError } from "~/utils/http.server";

/** API clients get JSON for unknown paths, never the HTML 404 page. */
function notFound({ request }: { request: Request }) {
  return jsonError(404, `No API endpoint at ${request.method} ${new URL(request.url).pathname}`);
}

export const loader = notFound;
export const action = notFound;
