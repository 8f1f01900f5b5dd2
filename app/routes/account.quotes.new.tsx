import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { FieldErrors } from "~/components/quotes/quote-parts";
import { variantsText } from "~/components/orders/line-product";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import { getCart } from "~/domain/cart/cart.server";
import {
  QUOTE_NOTES_MAX_LENGTH,
  requestQuoteCsvFormSchema,
  requestQuoteFormSchema,
  requestQuoteListFormSchema,
} from "~/domain/quotes/quote.schema";
import { requestQuote, requestQuoteFromList } from "~/domain/quotes/quotes.server";
import { readForm } from "./quick-order/read-form.server";
import { QUOTES_PATH, quotePath } from "~/domain/quotes/quote-states";
import { buyerFor } from "~/domain/pricing/pricing.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { pageTitle } from "~/utils/company-brand";
import { CONNECTION_LOST_DESCRIPTION, keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ukDay } from "~/utils/uk-time";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Request a quote") }];

const SOURCES = ["cart", "list", "csv"] as const;
type Source = (typeof SOURCES)[number];
const sourceOf = (value: unknown): Source => (SOURCES.includes(value as Source) ? (value as Source) : "cart");

/**
 * /account/quotes/new?from=cart|list|csv: "Request a quote", with a note and a wanted-by date, for the lines of
 * the cart (which is then emptied: docs/decisions/0073-quote-orders.md), of a Quick Entry list, or of a
 * quick-order CSV (the same lines the quick-order pad would add to the cart; the cart is left alone).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const db = getDb();
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  return json(
    {
      lines: cart.lines.map((line) => ({ key: `${line.productId}|${line.variantKey}`, name: line.productName, variants: line.selectedVariants, quantity: line.quantity })),
      today: ukDay(),
      source: sourceOf(new URL(request.url).searchParams.get("from")),
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const read = await readForm(request);
  const formData = "formData" in read ? read.formData : new FormData();
  const source = sourceOf(formData.get("source"));
  const key = idempotencyKeyFrom(formData);
  const fields = ["notes", "wantedBy", "lines", "file"];
  let reply;
  if (source === "list") {
    const submission = parseWithZod(formData, { schema: requestQuoteListFormSchema });
    if (submission.status !== "success") return invalidReply(source, submission);
    const { lines, ...details } = submission.value;
    reply = { submission, result: requestQuoteFromList(getDb(), user, { ...details, text: lines, kind: "entry" }, key) };
  } else if (source === "csv") {
    const submission = parseWithZod(formData, { schema: requestQuoteCsvFormSchema });
    if (submission.status !== "success") return invalidReply(source, submission);
    const { file, ...details } = submission.value;
    reply = { submission, result: requestQuoteFromList(getDb(), user, { ...details, text: await file.text(), kind: "csv" }, key) };
  } else {
    const submission = parseWithZod(formData, { schema: requestQuoteFormSchema });
    if (submission.status !== "success") return invalidReply(source, submission);
    reply = { submission, result: requestQuote(getDb(), user, submission.value, { from: "cart", key }) };
  }
  const { submission, result } = reply;
  if (!result.ok) return failureReply(source, submission, result, fields);
  return redirectWithToast(request, quotePath(result.value.quoteId), {
    title: "Quote requested",
    description: `We will price ${result.value.label} and send it to you.${source === "cart" ? " Your cart's lines are on the quote now." : ""}`,
  });
}

export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });

export { shouldRevalidate } from "~/utils/connection";

const TABS: { source: Source; label: string }[] = [
  { source: "cart", label: "From your cart" },
  { source: "list", label: "From a list of SKUs" },
  { source: "csv", label: "From a CSV file" },
];

export default function RequestQuotePage() {
  const { lines, today, source, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(posted) as FormActionData | undefined;
  const navigation = useNavigation();
  const errors = (answer?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  const busy = navigation.state === "submitting";
  const fieldError = (name: string) => <FieldErrors errors={errors[name]} />;
  const emptyCart = source === "cart" && lines.length === 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <ConnectionLostNotice data={posted} />
      <AccountBreadcrumb current="Request a quote" parent={{ to: QUOTES_PATH, label: "Quotes" }} />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Request a quote</h1>
      <nav aria-label="What to price" className="mt-4 flex flex-wrap gap-2">
        {TABS.map((tab) => (
          <Link
            key={tab.source}
            to={`${QUOTES_PATH}/new?from=${tab.source}`}
            aria-current={tab.source === source ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${tab.source === source ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {emptyCart ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          Your cart is empty. Add the products you want priced to your <Link to="/cart" className="text-brand-700 underline">cart</Link>, or ask for a
          quote from a list of SKUs or a CSV file.
        </p>
      ) : (
        <Form method="post" action={`${QUOTES_PATH}/new?from=${source}`} encType={source === "csv" ? "multipart/form-data" : undefined} className="mt-6 space-y-4">
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
          <input type="hidden" name="source" value={source} />
          {source === "cart" ? (
            <>
              <p className="text-slate-600">
                We price these lines for you and send the quote. Your cart is emptied: the lines are on the quote, and you order them by accepting it.
              </p>
              <ul aria-label="Lines to be priced" className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
                {lines.map((line) => (
                  <li key={line.key} className="flex justify-between gap-3 px-4 py-2">
                    <span>
                      {line.name}
                      {variantsText(line.variants) ? <span className="text-slate-500"> · {variantsText(line.variants)}</span> : null}
                    </span>
                    <span className="tabular-nums">× {line.quantity}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : source === "list" ? (
            <div>
              <label htmlFor="quote-lines" className="block text-sm font-medium text-slate-800">
                SKUs and quantities, one a line, as on the quick-order pad (for example: <code>BEV-001, 24</code>)
              </label>
              <textarea id="quote-lines" name="lines" rows={8} required className={`${inputClass} font-mono`} />
              {fieldError("lines")}
            </div>
          ) : (
            <div>
              <label htmlFor="quote-file" className="block text-sm font-medium text-slate-800">
                CSV file with a SKU column and a quantity column, as for the quick-order upload
              </label>
              <input id="quote-file" name="file" type="file" accept=".csv,text/csv" required className="mt-1 block text-sm" />
              {fieldError("file")}
              {fieldError("lines")}
            </div>
          )}
          <div>
            <label htmlFor="quote-notes" className="block text-sm font-medium text-slate-800">
              Note for us (optional)
            </label>
            <textarea id="quote-notes" name="notes" rows={3} maxLength={QUOTE_NOTES_MAX_LENGTH} className={inputClass} placeholder="The job, site access, anything that affects the price" />
            {fieldError("notes")}
          </div>
          <div>
            <label htmlFor="quote-wanted-by" className="block text-sm font-medium text-slate-800">
              Wanted by (optional)
            </label>
            <input id="quote-wanted-by" name="wantedBy" type="date" min={today} className={inputClass} />
            {fieldError("wantedBy")}
          </div>
          <FormError errors={errors[""] ?? undefined} />
          <Button type="submit" disabled={busy}>
            {busy ? "Requesting..." : "Request quote"}
          </Button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "Request a quote",
  failure: "The quote request could not be shown. Please try again in a moment.",
  href: QUOTES_PATH,
});
