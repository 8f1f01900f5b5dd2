import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { dayText, QuoteStateBadge, QuoteVersions } from "~/components/quotes/quote-parts";
import { FormError } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import { ADD_LINE_CODE_FIELD, QUOTE_NOT_FOUND, saveQuoteSchema } from "~/domain/quotes/quote.schema";
import { quoteIdParam } from "~/domain/quotes/quote-api.server";
import { getStaffQuote, quoteFormInput, saveQuote, sendQuote } from "~/domain/quotes/quote-admin.server";
import { ADMIN_QUOTES_PATH, adminQuotePath, adminQuotePdfPath, mayMove, quotePdfFilename } from "~/domain/quotes/quote-states";
import { requireStaff } from "~/utils/auth.server";
import { adminPageTitle } from "~/utils/company-brand";
import { getDb } from "~/utils/db.server";
import { failureReply, type FormActionData } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatUkDateTime, ukDay } from "~/utils/uk-time";
import { QuotePricingForm, StaffLinesTable, StaffTotals } from "./quote-form";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => [{ title: adminPageTitle(matches, data ? `Quote ${data.quote.label}` : "Quote") }];

function quoteId(params: { id?: string }): number {
  const id = quoteIdParam(params);
  if (id === null) throw json({ message: QUOTE_NOT_FOUND }, { status: 404 });
  return id;
}

/** /admin/quotes/{id}: one version of a quote: price it (requested or draft), see its margins, send it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, "quotes");
  const quote = getStaffQuote(getDb(), quoteId(params));
  if (!quote) throw json({ message: QUOTE_NOT_FOUND }, { status: 404 });
  return json({ quote, today: ukDay(), idempotencyKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

const FIELDS = ["validUntil", "notes", "deliveryTerms", "items", "quantity", "packOverrideReason"];

/** Save (a draft), or Save and send: the form is the API's PUT body, then the send. */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, "quotes");
  const id = quoteId(params);
  const formData = await request.formData().catch(() => new FormData());
  const intent = formData.get("intent") === "send" ? "send" : "save";
  const key = idempotencyKeyFrom(formData);
  const db = getDb();
  // the form's rows are gathered into the API's body (saveQuoteInputFromForm) and checked by the API's schema;
  // the submission only carries what was posted back to the form with the errors
  const submission = parseWithZod(formData, { schema: z.object({}).passthrough() });
  const input = quoteFormInput(db, formData);
  if (!input.ok) return failureReply(intent, submission, input, [ADD_LINE_CODE_FIELD]);
  const parsed = saveQuoteSchema.safeParse(input.value);
  if (!parsed.success) {
    const errors = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return json<FormActionData>({ intent, result: submission.reply({ formErrors: errors }), attempt: crypto.randomUUID() }, { status: 400 });
  }
  const saved = saveQuote(db, staff, id, parsed.data, key);
  if (!saved.ok) return failureReply(intent, submission, saved, FIELDS);
  if (intent === "save") {
    return redirectWithToast(request, adminQuotePath(id), { title: "Quote saved", description: `${saved.value.label} is priced; send it when ready.` });
  }
  const sent = await sendQuote(db, staff, id, key);
  if (!sent.ok) return failureReply(intent, submission, sent, FIELDS);
  const { label, to, mailed, mailError } = sent.value;
  return redirectWithToast(
    request,
    adminQuotePath(id),
    mailed
      ? { title: "Quote sent", description: `${label} was sent to ${to} with the PDF.` }
      : { title: "Quote sent, mail failed", description: `${label} is in the buyer's account, but the mail to ${to} failed: ${mailError}`, variant: "destructive" },
  );
}

export default function AdminQuote() {
  const { quote, today, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "save") : null;
  const replied = answer?.result as { error?: Record<string, string[] | null>; initialValue?: { add?: { code?: unknown } } } | undefined;
  const formErrors = replied?.error?.[""] ?? undefined;
  // a new line whose SKU or barcode was not found: its message, and what was typed, to correct
  const addLine = { errors: replied?.error?.[ADD_LINE_CODE_FIELD] ?? null, code: String(replied?.initialValue?.add?.code ?? "") };
  const editable = mayMove(quote.status, "save");
  return (
    <div className="mx-auto max-w-7xl">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <PageHeader
        title={`Quote ${quote.label}`}
        description={`${quote.company.name} · asked by ${quote.placedBy.name}${quote.placedBy.email ? ` (${quote.placedBy.email})` : ""} on ${formatUkDateTime(quote.createdAt)}`}
        actions={
          <div className="flex flex-wrap items-center gap-4">
            {quote.total !== null ? (
              <a
                href={adminQuotePdfPath(quote.id)}
                download={quotePdfFilename(quote)}
                className="text-sm font-medium text-brand-700 hover:underline"
                data-testid="quote-pdf"
                aria-label={`Download PDF of quote ${quote.label}`}
              >
                {quote.sentAt ? "Download PDF" : "Download draft PDF"}
              </a>
            ) : null}
            <Link to={ADMIN_QUOTES_PATH} className="text-sm font-medium text-brand-700 hover:underline">
              All quotes
            </Link>
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3 text-sm">
        <QuoteStateBadge state={quote.status} />
        <span>Wanted by {dayText(quote.wantedBy)}</span>
        <span>Valid until {dayText(quote.validUntil)}</span>
        {quote.sentAt ? <span>Sent {formatUkDateTime(quote.sentAt)}</span> : null}
        {quote.order ? <span>Ordered as {quote.order.orderNumber}</span> : null}
        {quote.declineReason ? <span>Declined: {quote.declineReason}</span> : null}
      </div>
      {quote.requestNotes ? (
        <p className="mb-4 whitespace-pre-line rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          <strong>The buyer&apos;s note:</strong> {quote.requestNotes}
        </p>
      ) : null}
      <QuoteVersions versions={quote.versions} current={quote.id} hrefFor={adminQuotePath} />
      <div className="mt-4">
        <FormError errors={formErrors ?? undefined} />
      </div>
      <Panel>
        {editable ? (
          <QuotePricingForm
            quote={quote}
            idempotencyKey={idempotencyKey}
            today={today}
            busy={busy}
            addLine={addLine}
            fieldErrors={{ quantity: replied?.error?.quantity ?? null, packOverrideReason: replied?.error?.packOverrideReason ?? null }}
          />
        ) : (
          <StaffLinesTable quote={quote} />
        )}
        <StaffTotals quote={quote} />
        {!editable && quote.deliveryTerms ? <p className="mt-3 text-sm">Delivery terms: {quote.deliveryTerms}</p> : null}
        {!editable && quote.notes ? <p className="mt-1 text-sm">Notes: {quote.notes}</p> : null}
      </Panel>
    </div>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
