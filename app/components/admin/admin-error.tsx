import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ErrorReference } from "~/components/ui/error-reference";

/** What an admin page shows when its loader or action fails: inside the admin layout, with a way back. */
export function AdminErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // the server logs it with its request (entry.server.tsx handleError)
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data && !notFound
      ? error.data
      : `${error.status} ${error.statusText}`
    : "An unexpected error occurred. Please try again in a moment.";
  return (
    <div role="alert" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{notFound ? "404 Page Not Found" : "Something went wrong"}</h1>
      <p className="mt-3 text-slate-600">{notFound ? "There is no admin page at this address." : message}</p>
      <ErrorReference />
      <Link
        to="/admin"
        className="mt-6 inline-block rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Back to the dashboard
      </Link>
    </div>
  );
}
