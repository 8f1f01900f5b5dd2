import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary, ShowingCount } from "~/components/account/account-page";
import { StatusFilterLinks } from "~/components/account/status-filters";
import { StatusBadge } from "~/components/orders/status-badge";
import { PageLinks } from "~/components/ui/page-links";
import { APPROVAL_REQUEST_STATUSES, type ApprovalRequestStatus } from "~db/schema";
import { APPROVAL_STATUS_LABELS, APPROVALS_PAGE_SIZE, APPROVALS_PATH, approvalPath } from "~/domain/companies/approvals.schema";
import { countWaitingForApprover, listApprovals } from "~/domain/companies/approvals.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { requestedPage } from "~/utils/paging";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";
import { formatUkDateTime } from "~/utils/uk-time";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Approvals") }];

function readStatus(value: string | null): ApprovalRequestStatus | undefined {
  return (APPROVAL_REQUEST_STATUSES as readonly string[]).includes(value ?? "") ? (value as ApprovalRequestStatus) : undefined;
}

function listHref(status: ApprovalRequestStatus | undefined, page = 1) {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${APPROVALS_PATH}?${query}` : APPROVALS_PATH;
}

/**
 * /account/approvals?status=&page=: orders sent for approval. An approver or company admin sees the company's
 * (those waiting on them first); anyone else the ones they sent. Filters are plain GET links.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "approvals");
  const params = new URL(request.url).searchParams;
  const status = readStatus(params.get("status"));
  const page = requestedPage(params.get("page"));
  const db = getDb();
  const list = listApprovals(db, user, { status, page });
  if (!list.ok) throw json({ message: list.message }, { status: list.status });
  const approver = user.companyRole === "approver" || user.companyRole === "company_admin";
  return json(
    { ...list.value, status: status ?? null, approver, waitingOnMe: countWaitingForApprover(db, user), me: user.id },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ApprovalsPage() {
  const { items, total, page, pageCount, status, approver, waitingOnMe, me } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <AccountBreadcrumb current="Approvals" />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Approvals</h1>
      <p className="mt-2 max-w-3xl text-slate-600">
        {approver
          ? "Orders over a colleague's spending limit wait here for an approver. An order is placed, at today's prices and stock, once it has the approvals it needs."
          : "Your orders over your spending limit wait here until your company's approvers decide. You can withdraw one while it waits."}
        {approver && waitingOnMe > 0 ? (
          <strong className="ml-1 text-amber-800">
            {waitingOnMe} {waitingOnMe === 1 ? "order waits" : "orders wait"} for your decision.
          </strong>
        ) : null}
      </p>
      <StatusFilterLinks
        statuses={APPROVAL_REQUEST_STATUSES}
        current={status ?? undefined}
        labelOf={(value) => APPROVAL_STATUS_LABELS[value]}
        hrefFor={(value) => listHref(value)}
      />
      <div className="mt-4">
        <ShowingCount page={page} pageSize={APPROVALS_PAGE_SIZE} shown={items.length} total={total} noun={["order", "orders"]} />
      </div>
      {items.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          {status ? `No orders ${APPROVAL_STATUS_LABELS[status].toLowerCase()}.` : "No orders have been sent for approval."}
        </p>
      ) : (
        <table className="mt-3 w-full text-left text-sm" aria-label="Orders sent for approval">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th className="py-2 pr-3 font-medium">Reference</th>
              <th className="hidden py-2 pr-3 font-medium sm:table-cell">Sent</th>
              <th className="py-2 pr-3 font-medium">By</th>
              <th className="py-2 pr-3 text-right font-medium">Value ex VAT</th>
              <th className="py-2 font-medium">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => {
              const needsMe =
                approver && item.status === "waiting" && item.placedBy.id !== me && !item.approvals.some((decision) => decision.byId === me);
              return (
                <tr key={item.id} className="border-b border-slate-100 align-top">
                  <td className="py-2.5 pr-3">
                    <Link to={approvalPath(item.id)} className="font-semibold text-brand-700 hover:underline">
                      {item.reference}
                    </Link>
                    {item.orderNumber ? <div className="text-xs text-slate-500">Order {item.orderNumber}</div> : null}
                    <div className="text-xs text-slate-500 sm:hidden">{formatUkDateTime(item.createdAt)}</div>
                  </td>
                  <td className="hidden py-2.5 pr-3 text-slate-700 sm:table-cell">{formatUkDateTime(item.createdAt)}</td>
                  <td className="py-2.5 pr-3 text-slate-900">{item.placedBy.id === me ? "You" : item.placedBy.name}</td>
                  <td className="py-2.5 pr-3 text-right font-medium tabular-nums text-slate-900">
                    {formatMoney(parseDecimalToHundredths(item.orderValue) ?? 0)}
                  </td>
                  <td className="py-2.5">
                    <StatusBadge status={item.status} />
                    {item.status === "waiting" ? (
                      <div className="mt-1 text-xs text-slate-600">
                        {item.approvals.filter((decision) => decision.decision === "approve").length} of {item.approvalsNeeded} approval
                        {item.approvalsNeeded === 1 ? "" : "s"}
                        {needsMe ? <strong className="ml-1 text-amber-800">· needs you</strong> : null}
                      </div>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <PageLinks page={page} pageCount={pageCount} hrefFor={(next) => listHref(status ?? undefined, next)} label="Approvals pages" className="mt-6" />
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "Approvals",
  failure: "The orders sent for approval could not be shown. Please try again in a moment.",
  href: APPROVALS_PATH,
});
