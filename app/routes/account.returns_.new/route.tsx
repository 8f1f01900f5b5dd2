import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { AccountBreadcrumb, AccountErrorPanel } from "~/components/account/account-page";
import { formatOrderDate } from "~/components/orders/format";
import { orderHistoryHref } from "~/domain/orders/order-history.schema";
import {
  ONLY_DELIVERED,
  ORDER_NOT_FOUND,
  parseReturnOrderParam,
  returnFormFieldName,
  returnRequestSchema,
} from "~/domain/returns/return.schema";
import { loadReturnRequestForm, requestReturn } from "~/domain/returns/returns.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { failureReply, invalidReply } from "~/utils/form-reply.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ReturnRequestForm } from "./return-request-form";
import { ConnectionLostNotice } from "~/components/ui/toast";
import type { FormActionData } from "~/utils/form-reply.server";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE, useLastAnswer, type ConnectionLost } from "~/utils/connection";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Request a Return") }];

const INTENT = "request-return";

function orderNotFound() {
  return new Response(ORDER_NOT_FOUND, { status: 404, statusText: ORDER_NOT_FOUND });
}

/** /account/returns/new?order={id}: the return request form for one of the customer's delivered orders. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const orderId = parseReturnOrderParam(new URL(request.url).searchParams);
  // another customer's order reads exactly like a missing one
  const found = orderId === null ? null : loadReturnRequestForm(getDb(), user.id, orderId);
  if (!found?.ok) throw orderNotFound();
  return json(
    { ...found.value, idempotencyKey: issueIdempotencyKey() },
    { status: found.value.delivered ? 200 : 409 },
  );
}

/**
 * Request the return: its form's errors (400), the use-case's refusal on the line it concerns (400, or 409
 * when the order is not delivered), 404 for an order that is not the customer's; on success to My Returns
 * & Refunds with "Return requested".
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: returnRequestSchema });
  if (submission.status !== "success") return invalidReply(INTENT, submission);
  const result = requestReturn(getDb(), user, submission.value, idempotencyKeyFrom(formData));
  if (!result.ok) {
    if (result.status === 404) throw orderNotFound();
    const field = result.field ? returnFormFieldName(result.field) : undefined;
    return failureReply(INTENT, submission, { ...result, field }, field ? [field] : []);
  }
  return redirectWithToast(request, "/account/returns", {
    title: "Return requested",
    description: "We will review your return request shortly.",
    variant: "default",
  });
}

/** With JavaScript a lost reply keeps the form as filled in; its key means a second press asks only once. */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description:
    "We cannot tell whether your return request was sent. Check your connection and try again: it will not be requested twice.",
});

export { shouldRevalidate } from "~/utils/connection";

export default function RequestReturnPage() {
  const { order, delivered, lines, idempotencyKey } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as FormActionData | ConnectionLost | undefined;
  const actionData = useLastAnswer(posted);
  const nothingLeft = lines.every((line) => line.returnable === 0);

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ConnectionLostNotice data={posted} />
      <AccountBreadcrumb current="Request a return" parent={{ to: "/account/orders", label: "Your Orders" }} />

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
        <ReturnRequestForm
          orderId={order.id}
          lines={lines}
          idempotencyKey={idempotencyKey}
          lastResult={actionData?.result}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AccountErrorPanel
      title={notFound ? ORDER_NOT_FOUND : "We could not load this return form"}
      text={notFound ? "We could not find that order in your account." : "Something went wrong. Please try again in a moment."}
      href="/account/orders"
      linkLabel="Back to Your Orders"
    />
  );
}
