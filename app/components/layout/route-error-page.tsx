import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ErrorReference } from "~/components/ui/error-reference";

type ErrorLink = { to: string; label: string; secondary?: boolean };

const primaryLink = "rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800";
const secondaryLink = "rounded-md border border-slate-300 px-4 py-2 text-slate-800 hover:bg-slate-50";

/**
 * A storefront route's error page, inside the layout: what could not be done, why, and where to go next.
 * A thrown response shows its status (unless `showStatus` is false); a 404 may have words of its own
 * (`notFound`). Anything but a 4xx answer is logged.
 */
export function RouteErrorPage({
  title,
  message,
  links,
  showStatus = true,
  notFound,
}: {
  title: string;
  message: string;
  links: ErrorLink[];
  showStatus?: boolean;
  notFound?: { title: string; message: string };
}) {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  // the server logs it with its request (entry.server.tsx handleError)
  if ((!response || response.status >= 500) && typeof document !== "undefined") console.error(error);
  const missing = notFound && response?.status === 404 ? notFound : null;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{missing ? missing.title : title}</h1>
      <p className="mt-4 text-slate-600">
        {missing ? missing.message : response && showStatus ? `${response.status} ${response.statusText}` : message}
      </p>
      <ErrorReference />
      <div className="mt-8 flex justify-center gap-3">
        {links.map((link) => (
          <Link key={link.to} to={link.to} className={link.secondary ? secondaryLink : primaryLink}>
            {link.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
