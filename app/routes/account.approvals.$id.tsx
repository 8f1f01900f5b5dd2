import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { StatusBadge } from "~/components/orders/status-badge";
import { LineProduct, variantsText } from "~/components/orders/line-product";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import { APPROVALS_PATH, approvalDecisionSchema, approvalPath, priceChangesMessage } from "~/domain/companies/approvals.schema";
import { getApproval, withdrawApproval } from "~/domain/companies/approvals.server";
import { decideOrderApproval } from "~/domain/orders/company-approval.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { CONNECTION_LOST_DESCRIPTION, keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney, formatPercent, parseDecimalToHundredths } from "~/utils/money";
import { redirectWithToast } from "~/utils/toast.server";
import { formatUkDateTime } from "~/utils/uk-time";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [
  { title: pageTitle(matches, data ? `Approval ${data.approval.reference}` : "Approval") },
];

function requestId(params: { id?: string }): number {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw json({ message: "Order for approval not found" }, { status: 404 });
  return id;
}

/**
 * /account/approvals/{id}: one order sent for approval: its lines as priced when sent, why it needs approval,
 * the decisions so far, and what placing it now would meet (changed prices, short stock). An approver approves
 * or rejects it here; the person who sent it may withdraw it. Another company's is 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "approvals");
  const found = getApproval(getDb(), user, requestId(params));
  if (!found) throw json({ message: "Order for approval not found" }, { status: 404 });
  return json({ ...found, idempotencyKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

const DECISION_FIELDS = ["reason", "confirmPriceChanges"] as const;
const withdrawSchema = z.object({ intent: z.literal("withdraw") });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "approvals");
  const id = requestId(params);
  if (!getApproval(getDb(), user, id)) throw json({ message: "Order for approval not found" }, { status: 404 });
  const formData = await request.formData().catch(() => new FormData());
  const key = idempotencyKeyFrom(formData);
  const db = getDb();
  const here = approvalPath(id);

  if (formData.get("intent") === "withdraw") {
    const submission = parseWithZod(formData, { schema: withdrawSchema });
    const result = withdrawApproval(db, user, id, key);
    if (!result.ok) return failureReply("withdraw", submission, result, []);
    return redirectWithToast(request, here, { title: "Withdrawn", description: `${result.value.reference} was withdrawn. Nothing was ordered.` });
  }

  const submission = parseWithZod(formData, { schema: approvalDecisionSchema });
  if (submission.status !== "success") return invalidReply(String(formData.get("decision") ?? "decide"), submission);
  const result = await decideOrderApproval(db, user, id, submission.value, key);
  if (!result.ok) return failureReply(submission.value.decision, submission, result, DECISION_FIELDS);
  const { approval, placed } = result.value;
  return redirectWithToast(request, here, {
    title: submission.value.decision === "reject" ? "Order rejected" : placed ? "Approved and placed" : "Approved",
    description:
      submission.value.decision === "reject"
        ? `${approval.placedBy.name} has been told why. Nothing was ordered.`
        : placed
          ? `${approval.reference} is now order ${placed.orderNumber}. ${approval.placedBy.name} has been told.`
          : `${approval.reference} needs one more approval from someone else before it is placed.`,
  });
}

export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });

export { shouldRevalidate } from "~/utils/connection";

const pounds = (decimal: string) => formatMoney(parseDecimalToHundredths(decimal) ?? 0);

export default function ApprovalPage() {
  const { approval, preview, canDecide, canWithdraw, mine, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(posted) as FormActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && (navigation.formData?.get("decision") ?? navigation.formData?.get("intent")) === intent;
  const errors = (answer?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  const approvals = approval.approvals.filter((decision) => decision.decision === "approve").length;
  const changed = preview.priceChanges.length > 0;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <ConnectionLostNotice data={posted} />
      <AccountBreadcrumb current={approval.reference} parent={{ to: APPROVALS_PATH, label: "Approvals" }} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-900">{approval.reference}</h1>
        <StatusBadge status={approval.status} />
      </div>
      <p className="mt-2 text-slate-700">
        Sent by <strong>{mine ? "you" : approval.placedBy.name}</strong> on {formatUkDateTime(approval.createdAt)}
        {approval.poReference ? <> · PO {approval.poReference}</> : null}
      </p>

      <section aria-label="Where it stands" className="mt-4 rounded-lg border border-slate-200 bg-white p-4 text-sm">
        {approval.status === "waiting" ? (
          <p className="text-slate-800">
            <strong>Waiting for approval:</strong> {approvals} of {approval.approvalsNeeded} approval{approval.approvalsNeeded === 1 ? "" : "s"}
            {approval.approvalsNeeded === 2 ? " from two different people" : ""}. Nothing has been ordered yet.
          </p>
        ) : approval.status === "placed" ? (
          <p className="text-emerald-800">
            <strong>Approved and placed</strong> as order{" "}
            <Link to={`/account/orders?order=${approval.orderId}`} className="font-semibold underline">
              {approval.orderNumber}
            </Link>
            {approval.decidedAt ? ` on ${formatUkDateTime(approval.decidedAt)}` : ""}.
          </p>
        ) : approval.status === "rejected" ? (
          <p className="text-red-800">
            <strong>Rejected</strong>
            {approval.decidedAt ? ` on ${formatUkDateTime(approval.decidedAt)}` : ""}. Reason: {approval.rejectionReason}. Nothing was ordered.
          </p>
        ) : (
          <p className="text-slate-700">
            <strong>Withdrawn</strong>
            {approval.decidedAt ? ` on ${formatUkDateTime(approval.decidedAt)}` : ""}. Nothing was ordered.
          </p>
        )}
        <ul className="mt-2 list-disc pl-5 text-slate-700">
          {approval.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        {approval.approvals.length > 0 ? (
          <ul className="mt-3 space-y-1 border-t border-slate-100 pt-3 text-slate-700" aria-label="Decisions">
            {approval.approvals.map((decision) => (
              <li key={`${decision.byId}-${decision.at}`}>
                <strong>{decision.by}</strong> {decision.decision === "approve" ? "approved" : "rejected"} it on {formatUkDateTime(decision.at)}
                {decision.reason ? `: “${decision.reason}”` : ""}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {approval.status === "waiting" && (changed || preview.problems.length > 0) ? (
        <section role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {preview.problems.length > 0 ? (
            <p>
              <strong>It cannot be placed as it is:</strong> {preview.problems.join("; ")}.
            </p>
          ) : null}
          {changed ? <p className={preview.problems.length > 0 ? "mt-2" : ""}>{priceChangesMessage(preview.priceChanges)}</p> : null}
        </section>
      ) : null}

      <table className="mt-6 w-full text-left text-sm" aria-label="Lines">
        <thead className="border-b border-slate-200 text-slate-600">
          <tr>
            <th className="py-2 pr-3 font-medium">Product</th>
            <th className="py-2 pr-3 text-right font-medium">Qty</th>
            <th className="py-2 pr-3 text-right font-medium">Unit ex VAT</th>
            <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell">VAT</th>
            <th className="py-2 text-right font-medium">Line ex VAT</th>
          </tr>
        </thead>
        <tbody>
          {approval.lines.map((line) => {
            const unit = parseDecimalToHundredths(line.unitPrice) ?? 0;
            return (
              <tr key={`${line.productId}-${variantsText(line.selectedVariants)}`} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-3">
                  <LineProduct name={line.productName} sku={line.sku} selectedVariants={line.selectedVariants} />
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(unit)}</td>
                <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{formatPercent(line.vatRate)}</td>
                <td className="py-2 text-right tabular-nums">{formatMoney(unit * line.quantity)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="text-slate-900">
          <tr>
            <td colSpan={4} className="hidden pt-3 pr-3 text-right sm:table-cell">
              Order value ex VAT (with delivery)
            </td>
            <td colSpan={3} className="pt-3 pr-3 text-right sm:hidden">
              Order value ex VAT (with delivery)
            </td>
            <td className="pt-3 text-right font-semibold tabular-nums">{pounds(approval.orderValue)}</td>
          </tr>
          <tr>
            <td colSpan={4} className="hidden pr-3 text-right sm:table-cell">
              VAT
            </td>
            <td colSpan={3} className="pr-3 text-right sm:hidden">
              VAT
            </td>
            <td className="text-right tabular-nums">{pounds(approval.vatAmount)}</td>
          </tr>
          <tr>
            <td colSpan={4} className="hidden pr-3 text-right font-semibold sm:table-cell">
              Total inc VAT
            </td>
            <td colSpan={3} className="pr-3 text-right font-semibold sm:hidden">
              Total inc VAT
            </td>
            <td className="text-right font-bold tabular-nums">{pounds(approval.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-2 text-xs text-slate-500">Prices as when it was sent; it is placed at the prices of the day it is approved.</p>

      <div className="mt-4">
        <FormError errors={errors[""] ?? undefined} />
      </div>
      {canDecide ? (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <Form method="post" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
            <input type="hidden" name="decision" value="approve" />
            <h2 className="text-lg font-semibold text-slate-900">Approve</h2>
            <p className="mt-1 text-sm text-slate-700">
              {approval.approvalsNeeded - approvals > 1
                ? "Your approval is the first of two; the order is placed after the second."
                : "The order is placed at once, at today's prices and stock."}
            </p>
            <label htmlFor="approve-reason" className="mt-3 block text-sm font-medium text-slate-800">
              Note (optional)
            </label>
            <input id="approve-reason" name="reason" maxLength={500} className={inputClass} />
            {changed ? (
              <label className="mt-3 flex items-start gap-2 text-sm text-slate-800">
                <input type="checkbox" name="confirmPriceChanges" value="true" className="mt-1" required />
                <span>Place it at today&apos;s prices ({preview.priceChanges.length} changed since it was sent)</span>
              </label>
            ) : null}
            {errors.confirmPriceChanges ? (
              <p className="mt-2 text-sm text-red-700" role="alert">
                {errors.confirmPriceChanges.join(" ")}
              </p>
            ) : null}
            <Button type="submit" className="mt-4" disabled={busy("approve") || preview.problems.length > 0}>
              {busy("approve") ? "Approving..." : "Approve order"}
            </Button>
          </Form>
          <Form method="post" className="rounded-lg border border-red-200 bg-red-50 p-4">
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
            <input type="hidden" name="decision" value="reject" />
            <h2 className="text-lg font-semibold text-slate-900">Reject</h2>
            <p className="mt-1 text-sm text-slate-700">Nothing is ordered. {mine ? "" : `${approval.placedBy.name} sees your reason.`}</p>
            <label htmlFor="reject-reason" className="mt-3 block text-sm font-medium text-slate-800">
              Reason
            </label>
            <textarea id="reject-reason" name="reason" rows={2} maxLength={500} required className={inputClass} aria-invalid={errors.reason ? true : undefined} />
            {errors.reason ? (
              <p className="mt-1 text-sm text-red-700" role="alert">
                {errors.reason.join(" ")}
              </p>
            ) : null}
            <Button type="submit" variant="secondary" className="mt-4" disabled={busy("reject")}>
              {busy("reject") ? "Rejecting..." : "Reject order"}
            </Button>
          </Form>
        </div>
      ) : null}
      {canWithdraw ? (
        <Form method="post" className="mt-6">
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
          <input type="hidden" name="intent" value="withdraw" />
          <Button type="submit" variant="secondary" disabled={busy("withdraw")}>
            {busy("withdraw") ? "Withdrawing..." : "Withdraw this order"}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "Approval",
  failure: "This order for approval could not be shown. Please try again in a moment.",
  href: APPROVALS_PATH,
});
