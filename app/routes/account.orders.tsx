import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountBreadcrumb, accountErrorBoundary, ShowingCount } from "~/components/account/account-page";
import { NoOrders, OrderAccordion } from "~/components/orders/order-accordion";
import { OrderFilters } from "~/components/orders/order-filters";
import { OrderPagination } from "~/components/orders/order-pagination";
import { cartOwnerOf } from "~/domain/cart/cart-lines.server";
import { placedByChoices } from "~/domain/companies/companies.server";
import { customerOrderHistoryPage, orderHistoryPageOf, submitReorder } from "~/domain/orders/order-history.server";
import {
  hasOrderFilters,
  ORDER_HISTORY_PAGE_SIZE,
  orderHistoryHref,
  parseOrderHistoryQuery,
  readOrderHistoryFilters,
  reorderSchema,
} from "~/domain/orders/order-history.schema";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { getSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { keepPageOnConnectionLoss, NO_REPLY_TITLE } from "~/utils/connection";

const PATH = "/account/orders";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Your Orders") }];

/**
 * /account/orders?page=&order=&q=&status=&from=&to=&placedBy=: the customer's orders (the company's for a
 * company admin or approver, who also see who placed each and may filter by them), newest first, 20 a page,
 * narrowed by the filters. `?order={id}` opens that order; without `page` it also goes to the page that
 * holds it (the checkout's success link).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "history");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = parseOrderHistoryQuery(params);
  const { filters, errors } = readOrderHistoryFilters(params);

  let page = query.page;
  if (query.openOrderId !== null && !query.pageGiven) {
    page = orderHistoryPageOf(db, user.id, query.openOrderId, ORDER_HISTORY_PAGE_SIZE, filters) ?? 1;
  }
  const history = customerOrderHistoryPage(db, user.id, { page, filters });
  // a page past the end (a stale link): the last page that has orders
  if (query.pageGiven && query.page > history.pageCount) {
    throw redirect(orderHistoryHref(history.pageCount, query.openOrderId, filters));
  }
  const openOrderId = history.orders.some((order) => order.id === query.openOrderId) ? query.openOrderId : null;
  return json({
    ...history,
    pageSize: ORDER_HISTORY_PAGE_SIZE,
    openOrderId,
    filters,
    filterErrors: errors,
    placedByPeople: placedByChoices(db, user),
    idempotencyKey: issueIdempotencyKey(),
  });
}

/**
 * Reorder: puts the order's lines in the cart at today's prices and goes to the cart, naming any line
 * that could not be added. A repeated post with the same key (double click, resubmission) changes
 * nothing more and shows the same outcome.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "ordering");
  const formData = await request.formData().catch(() => new FormData());
  const owner = cartOwnerOf(user, await getSession(request));
  // the use case checks the command with the same schema and words the notice when it is refused
  const { intent, orderId } = parseWithZod(formData, { schema: reorderSchema }).payload;
  const outcome = submitReorder(getDb(), user, owner, { intent, orderId, idempotencyKey: idempotencyKeyFrom(formData) });
  // to the cart when something went in; when nothing could be added, back to the order (the notice says why)
  const to = outcome.added > 0 ? "/cart" : outcome.ok ? orderHistoryHref(1, outcome.orderId) : PATH;
  return redirectWithToast(request, to, outcome.toast);
}

/** With JavaScript a lost Reorder reply keeps the page; the page's key means a second press adds nothing twice. */
export const clientAction = keepPageOnConnectionLoss({
  title: NO_REPLY_TITLE,
  description:
    "We cannot tell whether the items were added to your cart. Check your connection and press Reorder again: nothing will be added twice.",
});

export { shouldRevalidate } from "~/utils/connection";

export default function OrderHistoryPage() {
  const posted = useActionData<typeof clientAction>();
  const { orders, total, page, pageCount, pageSize, openOrderId, filters, filterErrors, placedByPeople, idempotencyKey } =
    useLoaderData<typeof loader>();
  const filtered = hasOrderFilters(filters);

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <ConnectionLostNotice data={posted} />
      <AccountBreadcrumb current="Orders" />

      <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Your Orders</h1>
          <p className="mt-2 text-slate-600">
            Open an order to see its tracking, delivery address, items and totals, or reorder it in one click.
          </p>
        </div>
        <ShowingCount page={page} pageSize={pageSize} shown={orders.length} total={total} noun={["order", "orders"]} live />
      </header>

      {total > 0 || filtered ? (
        <div className="mt-6">
          <OrderFilters filters={filters} errors={filterErrors} people={placedByPeople} />
        </div>
      ) : null}

      <div className="mt-6">
        {orders.length === 0 && filtered ? (
          <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-700">
            No orders match your filters.
          </p>
        ) : orders.length === 0 ? (
          <NoOrders />
        ) : (
          <OrderAccordion
            orders={orders}
            openOrderId={openOrderId}
            idempotencyKey={idempotencyKey}
            action={PATH}
            showPlacedBy={placedByPeople !== null}
          />
        )}
      </div>

      <OrderPagination page={page} pageCount={pageCount} filters={filters} />
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "We could not load your orders",
  failure: "Something went wrong while loading your order history. Please try again in a moment.",
  href: PATH,
});
