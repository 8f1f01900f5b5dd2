import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { variantsText } from "~/components/quotes/quote-parts";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { ConnectionLostNotice, ToastNotice } from "~/components/ui/toast";
import { getCart } from "~/domain/cart/cart.server";
import { QUOTE_NOTES_MAX_LENGTH, requestQuoteFormSchema } from "~/domain/quotes/quote.schema";
import { requestQuote } from "~/domain/quotes/quotes.server";
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

/**
 * /account/quotes/new: "Request a quote" from the cart: the cart's lines, a note and a wanted-by date. Asking
 * turns the cart into a quote request and empties the cart (docs/decisions/0073-quote-orders.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const db = getDb();
  const cart = getCart(db, { kind: "user", userId: user.id }, buyerFor(db, user));
  return json(
    {
      lines: cart.lines.map((line) => ({ key: `${line.productId}|${line.variantKey}`, name: line.productName, variants: line.selectedVariants, quantity: line.quantity })),
      today: ukDay(),
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "quotes");
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: requestQuoteFormSchema });
  if (submission.status !== "success") return invalidReply("request", submission);
  const result = requestQuote(getDb(), user, submission.value, { from: "cart", key: idempotencyKeyFrom(formData) });
  if (!result.ok) return failureReply("request", submission, result, ["notes", "wantedBy"]);
  return redirectWithToast(request, quotePath(result.value.quoteId), {
    title: "Quote requested",
    description: `We will price ${result.value.label} and send it to you. Your cart's lines are on the quote now.`,
  });
}

export const clientAction = keepPageOnConnectionLoss({ title: NO_REPLY_TITLE, description: CONNECTION_LOST_DESCRIPTION });

export { shouldRevalidate } from "~/utils/connection";

export default function RequestQuotePage() {
  const { lines, today, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const answer = useLastAnswer(posted) as FormActionData | undefined;
  const navigation = useNavigation();
  const errors = (answer?.result as { error?: Record<string, string[] | null> } | undefined)?.error ?? {};
  const busy = navigation.state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      {answer?.toast ? <ToastNotice key={answer.attempt} toast={answer.toast} /> : null}
      <ConnectionLostNotice data={posted} />
      <AccountBreadcrumb current="Request a quote" parent={{ to: QUOTES_PATH, label: "Quotes" }} />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Request a quote</h1>
      {lines.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          Your cart is empty. Add the products you want priced to your <Link to="/cart" className="text-brand-700 underline">cart</Link>, then ask
          for a quote.
        </p>
      ) : (
        <>
          <p className="mt-2 text-slate-600">
            We price these lines for you and send the quote. Your cart is emptied: the lines are on the quote, and you order them by accepting it.
          </p>
          <ul aria-label="Lines to be priced" className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
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
          <Form method="post" className="mt-6 space-y-4">
            <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
            <div>
              <label htmlFor="quote-notes" className="block text-sm font-medium text-slate-800">
                Note for us (optional)
              </label>
              <textarea id="quote-notes" name="notes" rows={3} maxLength={QUOTE_NOTES_MAX_LENGTH} className={inputClass} placeholder="The job, site access, anything that affects the price" />
              {errors.notes ? <p className="mt-1 text-sm text-red-700" role="alert">{errors.notes.join(" ")}</p> : null}
            </div>
            <div>
              <label htmlFor="quote-wanted-by" className="block text-sm font-medium text-slate-800">
                Wanted by (optional)
              </label>
              <input id="quote-wanted-by" name="wantedBy" type="date" min={today} className={inputClass} />
              {errors.wantedBy ? <p className="mt-1 text-sm text-red-700" role="alert">{errors.wantedBy.join(" ")}</p> : null}
            </div>
            <FormError errors={errors[""] ?? undefined} />
            <Button type="submit" disabled={busy}>
              {busy ? "Requesting..." : "Request quote"}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "Request a quote",
  failure: "The quote request could not be shown. Please try again in a moment.",
  href: QUOTES_PATH,
});
