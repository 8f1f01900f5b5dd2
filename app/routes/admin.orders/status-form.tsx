import { Form, Link, useNavigation } from "@remix-run/react";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { ADMIN_STATUS_OPTIONS } from "~/domain/orders/order-fulfilment.schema";
import { statusLabel } from "~/domain/orders/order-status";
import type { OrderDetail, ScreenHidden } from "./orders-screen";

/**
 * The detail's status selector; a cancelled order says why it stays cancelled instead. Staff who may not decide
 * (the warehouse) see no Cancelled, and an order awaiting approval says who decides it.
 */
export function StatusForm({ order, hidden, canDecide }: { order: OrderDetail; hidden: ScreenHidden; canDecide: boolean }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "status";
  if (order.status === "cancelled") {
    return (
      <section aria-labelledby="order-status-heading" className="rounded-md border border-slate-200 p-3">
        <h3 id="order-status-heading" className="font-semibold text-slate-900">
          Status
        </h3>
        <p className="mt-1 text-slate-600">
          A cancelled order cannot be reopened: its stock was returned and its invoice voided.
        </p>
      </section>
    );
  }
  if ((order.status === "pending_approval" || order.status === "on_hold") && !canDecide) {
    return (
      <section aria-labelledby="order-status-heading" className="rounded-md border border-slate-200 p-3">
        <h3 id="order-status-heading" className="font-semibold text-slate-900">
          Status
        </h3>
        <p className="mt-1 text-slate-600">
          {order.status === "on_hold"
            ? "This order is on credit hold: accounts release it before it can be picked."
            : "This order is awaiting approval: sales or a full admin decide it before it can be picked."}
        </p>
      </section>
    );
  }
  const current = (ADMIN_STATUS_OPTIONS as readonly string[]).includes(order.status) ? order.status : "";
  // a held order leaves hold only by a release (or a cancel, which gives its stock back)
  const options = ADMIN_STATUS_OPTIONS.filter((status) => (canDecide || status !== "cancelled") && (order.status !== "on_hold" || status === "cancelled"));
  return (
    <Form
      method="post"
      preventScrollReset
      className="rounded-md border border-slate-200 p-3"
      aria-labelledby="order-status-heading"
    >
      <h3 id="order-status-heading" className="font-semibold text-slate-900">
        Status
      </h3>
      {order.status === "pending_approval" ? (
        <p className="mt-1 text-slate-600">
          This order is awaiting approval. Approve or reject it on{" "}
          <Link to="/admin/order-approvals" className="font-medium text-brand-700 underline">
            Order Approvals
          </Link>
          ; moving it on here approves it (its invoice is issued and its points credited).
        </p>
      ) : null}
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={order.id} />
      <HiddenFields values={hidden} />
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`status-${order.id}`} className="block text-sm font-medium text-slate-800">
            Order status
          </label>
          <select id={`status-${order.id}`} name="status" defaultValue={current} className={inputClass}>
            {current === "" ? (
              <option value="" disabled>
                Choose a status
              </option>
            ) : null}
            {options.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={saving}>
          {saving ? "Updating..." : "Update Status"}
        </Button>
      </div>
      {canDecide ? (
        <p className="mt-1 text-xs text-slate-500">
          Cancelling returns the stock, voids the invoice and reverses the loyalty points; you confirm it first.
        </p>
      ) : null}
    </Form>
  );
}
