import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { FormError, inputClass } from "~/components/ui/field";
import { orderHistoryHref } from "~/domain/orders/order-history.schema";
import {
  MAX_CUSTOMER_NOTES,
  ONLY_DELIVERED,
  ORDER_NOT_FOUND,
  RETURN_REASONS,
  RETURN_TYPE_OPTIONS,
  returnRequestSchema,
} from "~/domain/returns/return.schema";
import { requestReturn, returnableLines } from "~/domain/returns/returns.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatMoney, withVat } from "~/utils/money";
import { flashToast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Request a Return · INFY Wholesale" }];

function orderIdFrom(request: Request): number {
  const raw = new URL(request.url).searchParams.get("order") ?? "";
  const id = /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(ORDER_NOT_FOUND, { status: 404, statusText: ORDER_NOT_FOUND });
  return id;
}

/** /account/returns/new?order={id}: the return request form for one of the customer's delivered orders. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const orderId = orderIdFrom(request);
  const found = returnableLines(getDb(), user.id, orderId);
  // another customer's order reads exactly like a missing one
  if (!found.ok) throw new Response(found.message, { status: 404, statusText: ORDER_NOT_FOUND });
  const { order, lines } = found.value;
  const delivered = order.status === "delivered";
  return json(
    {
      order: { id: order.id, orderNumber: order.orderNumber, createdAt: order.createdAt.toISOString() },
      delivered,
      lines: lines.map((line) => ({
        orderItemId: line.orderItemId,
        productName: line.productName,
        variants: Object.entries(line.selectedVariants)
          .map(([name, option]) => `${name}: ${option}`)
          .join(", "),
        unitPriceIncVat: formatMoney(withVat(line.unitPrice, line.vatRate)),
        bought: line.bought,
        alreadyReturned: line.alreadyReturned,
        returnable: line.returnable,
      })),
      idempotencyKey: issueIdempotencyKey(),
    },
    { status: delivered ? 200 : 409 },
  );
}

/** "items.2.quantity" (the use-case's field) → "items[2].quantity" (the form's input name). */
function formFieldName(field: string) {
  return field.replace(/\.(\d+)(?=\.|$)/g, "[$1]");
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: returnRequestSchema });
  if (submission.status !== "success") {
    return json({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  const result = requestReturn(getDb(), user, submission.value, idempotencyKeyFrom(formData));
  if (!result.ok) {
    if (result.status === 404) throw new Response(result.message, { status: 404, statusText: ORDER_NOT_FOUND });
    const reply = submission.reply(
      result.field
        ? { fieldErrors: { [formFieldName(result.field)]: [result.message] } }
        : { formErrors: [result.message] },
    );
    return json({ result: reply as SubmissionResult<string[]> }, { status: result.status });
  }
  return redirect("/account/returns", {
    headers: {
      "Set-Cookie": await flashToast(request, {
        title: "Return requested",
        description: "We will review your return request shortly.",
        variant: "default",
      }),
    },
  });
}

export default function RequestReturnPage() {
  const { order, delivered, lines, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const [form] = useForm({
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: returnRequestSchema }),
  });
  const errors = form.allErrors;
  const errorOf = (name: string) => errors[name]?.[0];
  const nothingLeft = lines.every((line) => line.returnable === 0);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <li>
            <Link to="/account/orders" className="hover:text-brand-700 hover:underline">
              Your Orders
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <span aria-current="page" className="font-medium text-slate-900">
              Request a return
            </span>
          </li>
        </ol>
      </nav>

      <h1 className="mt-4 text-3xl font-bold text-slate-900">Request a return</h1>
      <p className="mt-2 text-slate-600">
        Order{" "}
        <Link to={orderHistoryHref(1, order.id)} className="font-medium text-brand-700 hover:underline">
          {order.orderNumber}
        </Link>{" "}
        placed {formatOrderDate(order.createdAt)}.
      </p>

      {!delivered ? (
        <p role="alert" className="mt-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {ONLY_DELIVERED}
        </p>
      ) : nothingLeft ? (
        <p role="status" className="mt-6 rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800">
          Every item of this order is already in a return. See{" "}
          <Link to="/account/returns" className="font-medium text-brand-700 hover:underline">
            My Returns &amp; Refunds
          </Link>
          .
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-6">
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
          <input type="hidden" name="orderId" value={order.id} />
          <FormError errors={form.errors} />

          <fieldset className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <legend className="px-1 text-lg font-semibold text-slate-900">Items to return</legend>
            {errorOf("items") ? (
              <p id="items-error" role="alert" className="mt-2 text-sm text-red-700">
                {errorOf("items")}
              </p>
            ) : null}
            <ul className="mt-3 divide-y divide-slate-100">
              {lines.map((line, index) => {
                const name = `items[${index}].quantity`;
                const error = errorOf(name) ?? errorOf(`items[${index}].orderItemId`);
                const inputId = `return-qty-${line.orderItemId}`;
                return (
                  <li key={line.orderItemId} className="flex flex-wrap items-start justify-between gap-4 py-3">
                    <input type="hidden" name={`items[${index}].orderItemId`} value={line.orderItemId} />
                    <div className="min-w-0 flex-1">
                      <label htmlFor={inputId} className="font-medium text-slate-900">
                        {line.productName}
                      </label>
                      {line.variants ? <p className="text-sm text-slate-600">{line.variants}</p> : null}
                      <p className="text-sm text-slate-600">
                        {line.unitPriceIncVat} each inc VAT · Bought {line.bought} · Already returned{" "}
                        {line.alreadyReturned}
                      </p>
                      {error ? (
                        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
                          {error}
                        </p>
                      ) : null}
                    </div>
                    <div className="w-28">
                      <input
                        id={inputId}
                        name={name}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={line.returnable}
                        step={1}
                        defaultValue={0}
                        disabled={line.returnable === 0}
                        className={inputClass}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${inputId}-error` : `${inputId}-hint`}
                      />
                      <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
                        Up to {line.returnable}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </fieldset>

          <fieldset>
            <legend className="text-sm font-medium text-slate-800">What would you like?</legend>
            <div className="mt-2 flex flex-wrap gap-6">
              {RETURN_TYPE_OPTIONS.map((option) => (
                <label key={option.value} className="flex items-center gap-2 text-sm text-slate-900">
                  <input type="radio" name="returnType" value={option.value} defaultChecked={option.value === "refund"} />
                  {option.label}
                </label>
              ))}
            </div>
            {errorOf("returnType") ? <p className="mt-1 text-sm text-red-700">{errorOf("returnType")}</p> : null}
          </fieldset>

          <div className="space-y-1">
            <label htmlFor="return-reason" className="block text-sm font-medium text-slate-800">
              Reason
            </label>
            <select
              id="return-reason"
              name="reason"
              required
              defaultValue=""
              className={inputClass}
              aria-invalid={errorOf("reason") ? true : undefined}
              aria-describedby={errorOf("reason") ? "return-reason-error" : undefined}
            >
              <option value="" disabled>
                Choose a reason
              </option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </select>
            {errorOf("reason") ? (
              <p id="return-reason-error" className="text-sm text-red-700">
                {errorOf("reason")}
              </p>
            ) : null}
          </div>

          <div className="space-y-1">
            <label htmlFor="return-notes" className="block text-sm font-medium text-slate-800">
              Notes (optional)
            </label>
            <textarea
              id="return-notes"
              name="customerNotes"
              rows={4}
              maxLength={MAX_CUSTOMER_NOTES}
              className={inputClass}
              aria-invalid={errorOf("customerNotes") ? true : undefined}
            />
            {errorOf("customerNotes") ? (
              <p className="text-sm text-red-700">{errorOf("customerNotes")}</p>
            ) : (
              <p className="text-xs text-slate-500">Tell us what happened, or anything that helps us sort it out.</p>
            )}
          </div>

          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={submitting}>
              {submitting ? "Submitting..." : "Request return"}
            </Button>
            <Link
              to={orderHistoryHref(1, order.id)}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Cancel
            </Link>
          </div>
        </Form>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{notFound ? ORDER_NOT_FOUND : "We could not load this return form"}</h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? "We could not find that order in your account."
          : "Something went wrong. Please try again in a moment."}
      </p>
      <Link to="/account/orders" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Back to Your Orders
      </Link>
    </div>
  );
}
