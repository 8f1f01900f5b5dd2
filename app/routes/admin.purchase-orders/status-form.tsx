import { Form, useNavigation } from "@remix-run/react";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { purchaseOrderStatusLabel } from "~/domain/purchasing/purchase-order-status";
import type { PurchaseOrderRow } from "./purchase-orders-screen";

const MOVE_HINTS: Record<string, string> = {
  sent: "Sent: emails the supplier the order as a PDF",
  received: "Received: adds the quantities to stock",
  cancelled: "Cancelled",
};

/**
 * The status select of one purchase order: only the moves allowed from its status are offered. A received
 * or cancelled order is final and shows no select.
 */
export function StatusForm({ order, hidden }: { order: Pick<PurchaseOrderRow, "id" | "orderNumber" | "status" | "nextStatuses">; hidden: Record<string, string> }) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "status" &&
    navigation.formData?.get("id") === String(order.id);
  if (order.nextStatuses.length === 0) {
    return <p className="text-xs text-slate-500">Final: no further changes</p>;
  }
  const selectId = `po-status-${order.id}`;
  return (
    <Form method="post" preventScrollReset className="flex max-w-full flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={order.id} />
      <HiddenFields values={hidden} />
      <div className="min-w-0 max-w-full">
        <label htmlFor={selectId} className="sr-only">
          Status of {order.orderNumber}
        </label>
        {/* a set width: a select is otherwise as wide as its longest option, which pushed it out of its card */}
        <select id={selectId} name="status" defaultValue="" required className={`${inputClass} w-52 max-w-full pr-8 text-sm`}>
          <option value="" disabled>
            {purchaseOrderStatusLabel(order.status)}: change to…
          </option>
          {order.nextStatuses.map((status) => (
            <option key={status} value={status}>
              {MOVE_HINTS[status] ?? purchaseOrderStatusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" disabled={saving}>
        {saving ? "Updating..." : "Update"}
      </Button>
    </Form>
  );
}
