import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { NoOrders, OrderAccordion } from "~/components/orders/order-accordion";
import { OrderPagination } from "~/components/orders/order-pagination";
import { cartOwnerOf } from "~/domain/cart/cart.server";
import { customerOrderHistoryPage, orderHistoryPageOf, submitReorder } from "~/domain/orders/order-history.server";
import { ORDER_HISTORY_PAGE_SIZE, orderHistoryHref, parseOrderHistoryQuery } from "~/domain/orders/order-history.schema";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { commitSession, getSession, type Toast } from "~/utils/session.server";

const PATH = "/account/orders";

export const meta: MetaFunction = () => [{ title: "Your Orders · INFY Wholesale" }];

/**
 * /account/orders?page=&order=: the customer's orders, newest first, 20 a page. `?order={id}` opens that
 * order; without `page` it also goes to the page that holds it (the checkout's success link).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const query = parseOrderHistoryQuery(new URL(request.url).searchParams);

  let page = query.page;
  if (query.openOrderId !== null && !query.pageGiven) {
    page = orderHistoryPageOf(db, user.id, query.openOrderId) ?? 1;
  }
  const history = customerOrderHistoryPage(db, user.id, { page });
  // a page past the end (a stale link): the last page that has orders
  if (query.pageGiven && query.page > history.pageCount) {
    throw redirect(orderHistoryHref(history.pageCount, query.openOrderId));
  }
  const openOrderId = history.orders.some((order) => order.id === query.openOrderId) ? query.openOrderId : null;
  return json({
    ...history,
    pageSize: ORDER_HISTORY_PAGE_SIZE,
    openOrderId,
    idempotencyKey: issueIdempotencyKey(),
  });
}

async function redirectWithToast(request: Request, to: string, toast: Toast) {
  const session = await getSession(request);
  session.flash("toast", toast);
  return redirect(to, { headers: { "Set-Cookie": await commitSession(session) } });
}

/**
 * Reorder: puts the order's lines in the cart at today's prices and goes to the cart, naming any line
 * that could not be added. A repeated post with the same key (double click, resubmission) changes
 * nothing more and shows the same outcome.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const owner = cartOwnerOf(user, await getSession(request));
  const outcome = submitReorder(getDb(), user, owner, {
    intent: formData.get("intent"),
    orderId: formData.get("orderId"),
    idempotencyKey: idempotencyKeyFrom(formData),
  });
  // to the cart when something went in; when nothing could be added, back to the order (the notice says why)
  const to = outcome.added > 0 ? "/cart" : outcome.ok ? orderHistoryHref(1, outcome.orderId) : PATH;
  return redirectWithToast(request, to, outcome.toast);
}

export default function OrderHistoryPage() {
  const { orders, total, page, pageCount, pageSize, openOrderId, idempotencyKey } = useLoaderData<typeof loader>();
  const first = (page - 1) * pageSize + 1;
  const last = first + orders.length - 1;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <li>
            <Link to="/account/dashboard" className="hover:text-brand-700 hover:underline">
              Account
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li>
            <span aria-current="page" className="font-medium text-slate-900">
              Orders
            </span>
          </li>
        </ol>
      </nav>

      <header className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Your Orders</h1>
          <p className="mt-2 text-slate-600">
            Open an order to see its tracking, delivery address, items and totals, or reorder it in one click.
          </p>
        </div>
        {total > 0 ? (
          <p className="text-sm text-slate-600" aria-live="polite">
            Showing {first.toLocaleString("en-GB")}–{last.toLocaleString("en-GB")} of {total.toLocaleString("en-GB")}{" "}
            {total === 1 ? "order" : "orders"}
          </p>
        ) : null}
      </header>

      <div className="mt-6">
        {orders.length === 0 ? (
          <NoOrders />
        ) : (
          <OrderAccordion orders={orders} openOrderId={openOrderId} idempotencyKey={idempotencyKey} action={PATH} />
        )}
      </div>

      <OrderPagination page={page} pageCount={pageCount} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">We could not load your orders</h1>
      <p className="mt-4 text-slate-600">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong while loading your order history. Please try again in a moment."}
      </p>
      <Link
        to={PATH}
        className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800"
      >
        Try again
      </Link>
    </div>
  );
}
