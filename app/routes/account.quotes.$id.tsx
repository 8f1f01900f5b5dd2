import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { dayText, FieldErrors, QuoteLinesTable, QuoteStateBadge, QuoteVersions } from "~/components/quotes/quote-parts";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import { approvalPath } from "~/domain/companies/approvals.schema";
import { orderPlacedHref } from "~/domain/orders/order-placed";
import { acceptQuoteSchema, declineQuoteSchema, QUOTE_NOT_FOUND, reviseQuoteSchema } from "~/domain/quotes/quote.schema";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { acceptQuote } from "~/domain/quotes/quote-accept.server";
import { declineQuote, getMyQuote, reviseQuote } from "~/domain/quotes/quotes.server";
import { mayMove, QUOTES_PATH, quotePath, quotePdfFilename, quotePdfPath } from "~/domain/quotes/quote-states";
import { listDeliveryAddresses } from "~/domain/users/delivery-addresses.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { CONNECTION_LOST_DESCRIPTION, keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatUkDateTime } from "~/utils/uk-time";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [{ title: pageTitle(matches, data ? `Quote ${data.quote.label}` : "Quote") }];

function quoteId(params: { id?: string }): number {
  const id = quoteIdParam(params);
  if (id === null) throw json({ message: QUOTE_NOT_FOUND }, { status: 404 });
  return id;
}

/**
 * /account/quotes/{id}: one version of a quote: its lines at the quoted prices, totals ex VAT, VAT and inc VAT,
 * valid until, the other versions. While it is sent (and not expired) the buyer accepts it (one step: an order at
 * these prices), declines it with a reason, or asks for a revision with a note. Another company's is 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const db = getDb();
  const found = getMyQuote(db, user, quoteId(params));
  if (!found.ok) throw json({ message: found.message }, { status: found.status });
  return json(
    { quote: found.value, addresses: listDeliveryAddresses(db, user.id), idempotencyKey: issueIdempotencyKey() },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const id = quoteId(params);
  const db = getDb();
  const formData = await request.formData().catch(() => new FormData());
  const key = idempotencyKeyFrom(formData);
  const intent = String(formData.get("intent") ?? "");
  const here = quotePath(id);

  if (intent === "decline") {
    const submission = parseWithZod(formData, { schema: declineQuoteSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = declineQuote(db, user, id, submission.value, key);
    if (!result.ok) return failureReply(intent, submission, result, ["reason"]);
    return redirectWithToast(request, here, { title: "Quote declined", description: `${result.value.label} was declined. Thank you for telling us why.` });
  }
  if (intent === "revise") {
    const submission = parseWithZod(formData, { schema: reviseQuoteSchema });
    if (submission.status !== "success") return invalidReply(intent, submission);
    const result = reviseQuote(db, user, id, submission.value, key);
    if (!result.ok) return failureReply(intent, submission, result, ["notes"]);
    return redirectWithToast(request, quotePath(result.value.quoteId), {
      title: "Revision asked for",
      description: `${result.value.label} will be priced again and sent to you.`,
    });
  }
  const submission = parseWithZod(formData, { schema: acceptQuoteSchema });
  if (submission.status !== "success") return invalidReply("accept", submission);
  const result = await acceptQuote(db, user, id, submission.value, key);
  if (!result.ok) return failureReply("accept", submission, result, ["addressId", "poReference"]);
  if (result.value.kind === "sent_for_approval") {
    return redirectWithToast(request, approvalPath(result.value.approvalId), {
      title: "Sent for approval",
      description: `Accepting this quote is over your spending limit, so ${result.value.reference} has been sent to your company's approvers. It is ordered at the quoted prices once approved.`,
    });
  }
  return redirect(orderPlacedHref(result.value.orderId, null));
}

export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });

export { shouldRevalidate } from "~/utils/connection";

export default function QuotePage() {
  const { quote, addresses, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(posted) as FormActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && (navigation.formData?.get("intent") ?? "accept") === intent;
  const errors = (answer?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  const fieldError = (name: string) => <FieldErrors errors={errors[name]} />;
  const open = mayMove(quote.status, "accept");
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <ConnectionLostNotice data={posted} />
      <AccountBreadcrumb current={quote.label} parent={{ to: QUOTES_PATH, label: "Quotes" }} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold text-slate-900">Quote {quote.label}</h1>
        <QuoteStateBadge state={quote.status} forBuyer />
        {quote.sentAt ? (
          <a
            href={quotePdfPath(quote.id)}
            download={quotePdfFilename(quote)}
            className="text-sm font-medium text-brand-700 hover:underline"
            data-testid="quote-pdf"
            aria-label={`Download PDF of quote ${quote.label}`}
          >
            Download PDF
          </a>
        ) : null}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-500">Asked for by</dt>
        <dd className="text-slate-900">
          {quote.placedBy.name} on {formatUkDateTime(quote.createdAt)}
        </dd>
        <dt className="text-slate-500">Wanted by</dt>
        <dd className="text-slate-900">{dayText(quote.wantedBy)}</dd>
        <dt className="text-slate-500">Valid until</dt>
        <dd className="text-slate-900" data-testid="quote-valid-until">
          {quote.validUntil ? `${dayText(quote.validUntil)} (end of the day, UK time)` : "Set when it is priced"}
        </dd>
        {quote.deliveryTerms ? (
          <>
            <dt className="text-slate-500">Delivery terms</dt>
            <dd className="whitespace-pre-line text-slate-900">{quote.deliveryTerms}</dd>
          </>
        ) : null}
        {quote.requestNotes ? (
          <>
            <dt className="text-slate-500">Your note</dt>
            <dd className="whitespace-pre-line text-slate-900">{quote.requestNotes}</dd>
          </>
        ) : null}
        {quote.notes ? (
          <>
            <dt className="text-slate-500">Our notes</dt>
            <dd className="whitespace-pre-line text-slate-900">{quote.notes}</dd>
          </>
        ) : null}
      </dl>
      {quote.order ? (
        <p className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          Accepted and ordered as{" "}
          <Link to={`/account/orders?order=${quote.order.id}`} className="font-semibold underline" data-testid="quote-order">
            {quote.order.orderNumber}
          </Link>
          , at the quoted prices.
        </p>
      ) : quote.status === "accepted" && quote.approvalRequestId ? (
        <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Accepted: waiting for your company&apos;s approval (<Link to={approvalPath(quote.approvalRequestId)} className="underline">see the request</Link>). It is
          ordered at the quoted prices once approved.
        </p>
      ) : quote.status === "declined" ? (
        <p className="mt-4 text-sm text-slate-700">Declined: {quote.declineReason}</p>
      ) : quote.status === "expired" ? (
        <p className="mt-4 text-sm text-slate-700">This quote has expired. Ask for a revision to have it priced again.</p>
      ) : null}
      <QuoteVersions versions={quote.versions} current={quote.id} hrefFor={quotePath} forBuyer />
      <QuoteLinesTable lines={quote.lines} totals={quote} />
      <div className="mt-4">
        <FormError errors={errors[""] ?? undefined} />
      </div>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {open ? (
          <Form method="post" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
            <input type="hidden" name="intent" value="accept" />
            <h2 className="text-lg font-semibold text-slate-900">Accept</h2>
            <p className="mt-1 text-sm text-slate-700">Places the order at once, at these prices, with the stock we have now.</p>
            {addresses.length > 0 ? (
              <>
                <label htmlFor="accept-address" className="mt-3 block text-sm font-medium text-slate-800">
                  Deliver to
                </label>
                <select id="accept-address" name="addressId" className={inputClass} defaultValue={String(addresses[0]!.id)}>
                  {addresses.map((address) => (
                    <option key={address.id} value={address.id}>
                      {address.label}: {address.address}, {address.postcode}
                    </option>
                  ))}
                </select>
                {fieldError("addressId")}
              </>
            ) : (
              <p className="mt-2 text-xs text-slate-600">Delivered where your last order went (else to your company's address).{fieldError("addressId")}</p>
            )}
            <label htmlFor="accept-po" className="mt-3 block text-sm font-medium text-slate-800">
              Your PO reference (optional)
            </label>
            <input id="accept-po" name="poReference" maxLength={50} className={inputClass} />
            {fieldError("poReference")}
            <Button type="submit" className="mt-4" disabled={busy("accept")}>
              {busy("accept") ? "Placing order..." : "Accept and order"}
            </Button>
          </Form>
        ) : null}
        {open ? (
          <Form method="post" className="rounded-lg border border-red-200 bg-red-50 p-4">
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
            <input type="hidden" name="intent" value="decline" />
            <h2 className="text-lg font-semibold text-slate-900">Decline</h2>
            <label htmlFor="decline-reason" className="mt-3 block text-sm font-medium text-slate-800">
              Reason
            </label>
            <textarea id="decline-reason" name="reason" rows={2} maxLength={500} required className={inputClass} />
            {fieldError("reason")}
            <Button type="submit" variant="secondary" className="mt-4" disabled={busy("decline")}>
              {busy("decline") ? "Declining..." : "Decline quote"}
            </Button>
          </Form>
        ) : null}
        {mayMove(quote.status, "revise") ? (
          <Form method="post" className="rounded-lg border border-slate-200 bg-white p-4">
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
            <input type="hidden" name="intent" value="revise" />
            <h2 className="text-lg font-semibold text-slate-900">Ask for a revision</h2>
            <label htmlFor="revise-notes" className="mt-3 block text-sm font-medium text-slate-800">
              What should change?
            </label>
            <textarea id="revise-notes" name="notes" rows={2} maxLength={1000} required className={inputClass} />
            {fieldError("notes")}
            <Button type="submit" variant="secondary" className="mt-4" disabled={busy("revise")}>
              {busy("revise") ? "Sending..." : "Ask for a revision"}
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "Quote",
  failure: "This quote could not be shown. Please try again in a moment.",
  href: QUOTES_PATH,
});
