import { Link } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { ConfirmStep } from "~/components/admin/confirm-step";
import type { OrdersLoaderData, ScreenHidden } from "./orders-screen";

type Preview = NonNullable<OrdersLoaderData["cancelling"]>;

/**
 * "Cancel this order?" as its own URL (?cancel=12): what cancelling will do (units back to stock per
 * product, points reversed, the invoice voided, the voucher given back), or why it cannot be cancelled.
 */
export function CancelConfirm({
  preview,
  hidden,
  backHref,
}: {
  preview: Preview | null;
  hidden: ScreenHidden;
  backHref: string;
}) {
  if (preview?.refusal) {
    return (
      <AdminDialog open title={`Cancel order ${preview.orderNumber}`} closeHref={backHref}>
        <p className="text-sm text-slate-700" data-testid="cancel-refusal">
          {preview.refusal}
        </p>
        <div className="mt-5 flex justify-end">
          <Link to={backHref} className="font-medium text-brand-700 hover:underline">
            Back to the order
          </Link>
        </div>
      </AdminDialog>
    );
  }
  return (
    <ConfirmStep
      open={Boolean(preview)}
      title={preview ? `Cancel order ${preview.orderNumber}?` : "Cancel order"}
      message={
        preview ? (
          <div data-testid="cancel-preview">
            <p>Cancelling {preview.orderNumber} cannot be undone. It will:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {preview.restock.length === 0 ? (
                <li>put nothing back in stock (its products are already back or no longer listed)</li>
              ) : (
                preview.restock.map((line) => (
                  <li key={line.productName}>
                    put {line.units} {line.units === 1 ? "unit" : "units"} of {line.productName} back in stock
                  </li>
                ))
              )}
              <li>
                {preview.pointsReversed > 0
                  ? `reverse ${preview.pointsReversed} loyalty points`
                  : "reverse no loyalty points (it holds none)"}
              </li>
              <li>
                {preview.voidedInvoiceNumber ? `void invoice ${preview.voidedInvoiceNumber}` : "void no invoice (it has none)"}
              </li>
              {preview.voucherReleased ? <li>give voucher {preview.voucherReleased} back to the customer</li> : null}
              <li>email the customer that the order is cancelled</li>
            </ul>
          </div>
        ) : null
      }
      confirmLabel="Yes, cancel the order"
      pendingLabel="Cancelling..."
      intent="status"
      id={preview?.orderId ?? ""}
      cancelHref={backHref}
      hidden={{ ...hidden, status: "cancelled", confirmed: "1" }}
    />
  );
}
