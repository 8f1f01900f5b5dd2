import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useEffect, useState } from "react";
import { pageTitle } from "~/utils/company-brand";
import { AccountBreadcrumb, accountErrorBoundary } from "~/components/account/account-page";
import { WaitingOrdersList } from "~/components/offline/waiting-orders";
import { requireCompanyRole } from "~/utils/auth.server";

const PATH = "/account/orders/waiting";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Orders waiting to send") }];

/** Only someone who may order has orders waiting; the list itself is on the device, never on the server. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireCompanyRole(request, "ordering");
  return null;
}

/**
 * /account/orders/waiting: the orders this device keeps because they were placed offline (docs/decisions/0078),
 * each waiting to send, being sent, sent, or back as a draft whose prices or stock changed. They live in the
 * browser's storage and are sent by JavaScript, so without it the page says so and lists nothing.
 */
export default function WaitingOrders() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <AccountBreadcrumb current="Orders waiting to send" parent={{ to: "/account/orders", label: "Your Orders" }} />
      <h1 className="text-3xl font-bold text-slate-900">Orders waiting to send</h1>
      {hydrated ? (
        <WaitingOrdersList />
      ) : (
        <p className="text-slate-700">
          Orders placed while offline are kept on this device and need JavaScript to be shown and sent. With JavaScript turned
          off nothing is kept here: place your orders at checkout as usual, and see them under{" "}
          <a href="/account/orders" className="font-medium text-brand-700 underline">
            Your Orders
          </a>
          .
        </p>
      )}
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "We could not open the orders waiting to send",
  failure: "Something went wrong while opening this page. Please try again in a moment.",
  href: PATH,
});
