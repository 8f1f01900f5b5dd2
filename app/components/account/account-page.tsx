import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { ErrorReference } from "~/components/ui/error-reference";

/** "Account / Invoices": where an account page sits, the parent as a link and this page as plain text. */
export function AccountBreadcrumb({
  current,
  parent = { to: "/account/dashboard", label: "Account" },
}: {
  current: string;
  parent?: { to: string; label: string };
}) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <li>
          <Link to={parent.to} className="hover:text-brand-700 hover:underline">
            {parent.label}
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li>
          <span aria-current="page" className="font-medium text-slate-900">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/** "Showing 1–20 of 45 invoices" above a paged account list; nothing when the list is empty. */
export function ShowingCount({
  page,
  pageSize,
  shown,
  total,
  noun,
  live = false,
}: {
  page: number;
  pageSize: number;
  shown: number;
  total: number;
  noun: [one: string, many: string];
  live?: boolean;
}) {
  if (total <= 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  return (
    <p className="text-sm text-slate-600" aria-live={live ? "polite" : undefined}>
      Showing {first.toLocaleString("en-GB")}–{last.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}{" "}
      {total === 1 ? noun[0] : noun[1]}
    </p>
  );
}

/** An account page that could not be shown: what went wrong and one way on. */
export function AccountErrorPanel({
  title,
  text,
  href,
  linkLabel,
}: {
  title: string;
  text: string;
  href: string;
  linkLabel: string;
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{text}</p>
      <ErrorReference />
      <Link to={href} className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        {linkLabel}
      </Link>
    </div>
  );
}

/**
 * The ErrorBoundary of an account page: an HTTP error says its status, anything else is logged and answered
 * with `failure`; "Try again" goes back to `href`.
 */
export function accountErrorBoundary({ title, failure, href }: { title: string; failure: string; href: string }) {
  return function AccountErrorBoundary() {
    const error = useRouteError();
    if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
    const text = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : failure;
    return <AccountErrorPanel title={title} text={text} href={href} linkLabel="Try again" />;
  };
}
