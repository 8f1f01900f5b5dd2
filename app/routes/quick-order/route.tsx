import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CsvUploadForm } from "~/components/quick-order/csv-upload-form";
import { QuickEntryForm } from "~/components/quick-order/quick-entry-form";
import { QuickOrderResult } from "~/components/quick-order/quick-order-result";
import { QuickOrderTabs } from "~/components/quick-order/quick-order-tabs";
import { ReorderList } from "~/components/quick-order/reorder-list";
import { cartOwnerOf } from "~/domain/cart/cart-lines.server";
import {
  CSV_UPLOAD_INTENT,
  QUICK_ENTRY_INTENT,
  QUICK_ORDER_TAB_LABELS,
  REORDER_LIST_LIMIT,
  csvUploadSchema,
  parseQuickOrderTab,
  quickEntrySchema,
  quickOrderHref,
  type QuickOrderTab,
} from "~/domain/cart/quick-order.schema";
import { addQuickEntryOnce, addQuickOrderCsvOnce, keepLines, quickOrderExamples } from "~/domain/cart/quick-order.server";
import { REORDER_INTENT } from "~/domain/orders/order-history.schema";
import { listCustomerOrders, submitReorder } from "~/domain/orders/order-history.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readForm, tooLargeReply, type ActionData } from "./read-form.server";
import { readStoredResult, respond } from "./stored-result.server";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Quick Order") }];

export async function loader({ request }: LoaderFunctionArgs) {
  // a quick order is for trade customers: guests sign in first (pending customers may fill a cart)
  const user = await requireCompanyRole(request, "ordering");
  const url = new URL(request.url);
  const tab = parseQuickOrderTab(url.searchParams.get("tab"));
  const db = getDb();
  const result = readStoredResult(await getSession(request), url.searchParams.get("result"));

  const orders =
    tab === "reorder"
      ? listCustomerOrders(db, user.id, { limit: REORDER_LIST_LIMIT }).map((order) => ({
          id: order.id,
          orderNumber: order.orderNumber,
          createdAt: order.createdAt,
          status: order.status,
          total: order.total,
          itemCount: order.items.length,
        }))
      : [];

  return json(
    {
      tab,
      examples: tab === "entry" ? quickOrderExamples(db, 1) : [],
      orders,
      result:
        result && result.tab === tab
          ? { added: result.added, errors: result.errors, more: result.more, ...(result.fixes.length > 0 ? { fixes: result.fixes } : {}) }
          : null,
      resultId: result?.id ?? null,
      entryText: result?.tab === "entry" && tab === "entry" ? result.text : "",
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/**
 * Three forms, told apart by `intent`: Quick Entry (the textarea), CSV Upload (a file), and Reorder (one of
 * the recent orders, the same use case as the order history's Reorder). Each runs once per page key.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "ordering");
  const read = await readForm(request);
  if ("tooLarge" in read) return tooLargeReply(read.tooLarge);
  const { formData } = read;
  const intent = formData.get("intent");
  const key = idempotencyKeyFrom(formData);

  if (intent === QUICK_ENTRY_INTENT) {
    const submission = parseWithZod(formData, { schema: quickEntrySchema });
    if (submission.status !== "success") {
      return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const text = submission.value.lines;
    const outcome = addQuickEntryOnce(getDb(), user, text, key);
    return respond(request, "entry", outcome, keepLines(text, outcome.failedLineNumbers));
  }

  if (intent === CSV_UPLOAD_INTENT) {
    const submission = parseWithZod(formData, { schema: csvUploadSchema });
    if (submission.status !== "success") {
      return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const outcome = addQuickOrderCsvOnce(getDb(), user, await submission.value.file.text(), key);
    return respond(request, "csv", outcome, "");
  }

  if (intent === REORDER_INTENT) {
    // the order's lines go back in the cart at today's prices, then the cart (as on /account/orders)
    const owner = cartOwnerOf(user, await getSession(request));
    const outcome = submitReorder(getDb(), user, owner, { intent, orderId: formData.get("orderId"), idempotencyKey: key });
    const to = outcome.ok && outcome.added > 0 ? "/cart" : quickOrderHref("reorder");
    return redirectWithToast(request, to, outcome.toast);
  }

  return redirectWithToast(request, quickOrderHref("entry"), {
    title: "Unknown action",
    description: "Choose Quick Entry, CSV Upload or Reorder and try again.",
    variant: "destructive",
  });
}

/** With JavaScript a lost reply keeps the tab as it was (the list typed, the file chosen). */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description:
    "We cannot tell whether the items were added to your cart. Check your connection and try again: nothing will be added twice.",
});

export { shouldRevalidate } from "~/utils/connection";

// ─── Page ───────────────────────────────────────────────────────────────────

const TAB_INTROS: Record<QuickOrderTab, string> = {
  entry: "Type or paste SKUs and quantities, one item per line, and add them all to your cart at once.",
  csv: "Upload a spreadsheet saved as CSV, with a column for the SKU and one for the quantity.",
  reorder: `Put the items of one of your last ${REORDER_LIST_LIMIT} orders back in your cart, at today's prices.`,
};

export default function QuickOrderPage() {
  const { tab, examples, orders, result, resultId, entryText, idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = (intent: ActionData["intent"]) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : null;

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <ConnectionLostNotice data={actionData} />
      <h1 className="text-3xl font-bold text-slate-900">Quick Order</h1>
      <p className="mt-2 text-slate-600">
        Order by SKU in bulk: type your list, upload a CSV, or repeat a recent order. Everything goes into your{" "}
        <Link to="/cart" className="font-medium text-brand-700 hover:underline">
          cart
        </Link>{" "}
        for you to check before checkout.
      </p>
      <p className="mt-1 text-sm text-slate-600">
        Want prices for a big job first?{" "}
        <Link to={tab === "csv" ? "/account/quotes/new?from=csv" : "/account/quotes/new?from=list"} className="font-medium text-brand-700 hover:underline">
          Request a quote
        </Link>{" "}
        for a list of SKUs or a CSV file instead.
      </p>

      <div className="mt-8">
        <QuickOrderTabs active={tab} />
        <section
          aria-label={QUICK_ORDER_TAB_LABELS[tab]}
          className="space-y-6 rounded-b-xl border border-t-0 border-slate-200 bg-white p-6 shadow-sm"
        >
          <p className="text-sm text-slate-600">{TAB_INTROS[tab]}</p>
          {result ? <QuickOrderResult result={result} idempotencyKey={idempotencyKey} /> : null}
          {tab === "entry" ? (
            <QuickEntryForm
              // a new page key (after an add) empties the form; a lost post keeps the key and the text
              key={resultId ?? idempotencyKey}
              idempotencyKey={idempotencyKey}
              examples={examples}
              defaultText={entryText}
              lastResult={lastResult(QUICK_ENTRY_INTENT)}
            />
          ) : null}
          {tab === "csv" ? (
            <CsvUploadForm key={resultId ?? idempotencyKey} idempotencyKey={idempotencyKey} lastResult={lastResult(CSV_UPLOAD_INTENT)} />
          ) : null}
          {tab === "reorder" ? <ReorderList orders={orders} idempotencyKey={idempotencyKey} /> : null}
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteErrorPage
      title="Quick order is unavailable"
      message="Something went wrong with quick order. Check your cart, then try again in a moment."
      links={[{ to: "/quick-order", label: "Try again" }]}
    />
  );
}
