import { NotFoundContent } from "~/root";

/** Any path no other route answers: a real 404 status, inside the site's layout. */
export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundContent />;
}

export function ErrorBoundary() {
  return <NotFoundContent />;
}

/** After a lost reply (Log Out in the header posts in the background) the page keeps its data. */
export { shouldRevalidate } from "~/utils/connection";
