import { Link } from "@remix-run/react";
import type { ProductRequestJson, ProductRequestStatus } from "~/domain/requests/product-requests.server";
import { REQUEST_PRODUCT_PATH as PATH } from "./request-form";
import { formatUkDate } from "~/utils/uk-time";

const STATUS_STYLES: Record<ProductRequestStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-amber-100 text-amber-900" },
  approved: { label: "Approved", className: "bg-emerald-100 text-emerald-900" },
  rejected: { label: "Rejected", className: "bg-slate-200 text-slate-800" },
};

type RequestsData = { items: ProductRequestJson[]; total: number; page: number; pageCount: number };

/** The customer's own requests, newest first, with their status; paged by plain links. */
export 
function MyRequests({ requests }: { requests: RequestsData }) {
  const pageHref = (page: number) => (page <= 1 ? PATH : `${PATH}?page=${page}`);
  return (
    <section className="mt-10" aria-labelledby="my-requests-heading">
      <h2 id="my-requests-heading" className="text-xl font-semibold text-slate-900">
        Your requests
      </h2>
      {requests.total === 0 ? (
        <p className="mt-3 text-sm text-slate-600">You haven&apos;t suggested any products yet.</p>
      ) : (
        <>
          <ul className="mt-4 space-y-3" aria-label="Your product requests">
            {requests.items.map((item) => {
              const status = STATUS_STYLES[item.status] ?? { label: item.status, className: "bg-slate-100 text-slate-800" };
              return (
                <li key={item.id} className="rounded-lg border border-slate-200 bg-white p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <time dateTime={item.createdAt} className="text-slate-600">
                      {formatUkDate(item.createdAt)}
                    </time>
                    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${status.className}`}>
                      {status.label}
                    </span>
                  </div>
                  <p className="mt-2 whitespace-pre-line break-words text-slate-900">{item.requestText}</p>
                </li>
              );
            })}
          </ul>
          {requests.pageCount > 1 ? (
            <nav aria-label="Pages of your requests" className="mt-4 flex items-center justify-between text-sm">
              {requests.page > 1 ? (
                <Link to={pageHref(requests.page - 1)} className="font-medium text-brand-700 hover:underline">
                  ← Newer
                </Link>
              ) : (
                <span />
              )}
              <span className="text-slate-600">
                Page {requests.page} of {requests.pageCount}
              </span>
              {requests.page < requests.pageCount ? (
                <Link to={pageHref(requests.page + 1)} className="font-medium text-brand-700 hover:underline">
                  Older →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
