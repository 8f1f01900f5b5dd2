import { useNavigation } from "@remix-run/react";
import type { RefObject } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { BULK_STATUS_OPTIONS } from "~/domain/orders/order-fulfilment.schema";
import { EXPORT_COMPLETE, PICKING_LIST_EXPORTED } from "~/domain/orders/order-list.schema";
import { statusLabel } from "~/domain/orders/order-status";
import type { Toast } from "~/utils/session.server";
import { DownloadButton } from "./download-button";

/**
 * The toolbar above the orders table, inside its bulk form: a status for the ticked orders with Apply, and
 * the ticked orders' CSV export and picking list.
 */
export function BulkStatusBar({
  formRef,
  onNotice,
}: {
  formRef: RefObject<HTMLFormElement>;
  onNotice: (notice: { toast: Toast; attempt: number }) => void;
}) {
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk-status";
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 sm:flex-row sm:items-center">
      <span className="text-sm text-slate-700">Tick orders, then</span>
      <label htmlFor="bulk-status" className="sr-only">
        Bulk action
      </label>
      <select id="bulk-status" name="status" defaultValue="" className={`${inputClass} sm:w-56`}>
        <option value="" disabled>
          Choose an action
        </option>
        {BULK_STATUS_OPTIONS.map((status) => (
          <option key={status} value={status}>
            Mark as {statusLabel(status)}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" disabled={applying}>
        {applying ? "Applying..." : "Apply"}
      </Button>
      <div className="flex gap-2 sm:ml-auto">
        <DownloadButton
          formRef={formRef}
          label="Export CSV"
          pendingLabel="Exporting..."
          pagePath="/admin/orders/export.csv"
          apiPath="/api/admin/orders/export"
          done={(count) => ({
            title: EXPORT_COMPLETE,
            description: `${count} ${count === 1 ? "order" : "orders"} exported.`,
          })}
          onNotice={onNotice}
        />
        <DownloadButton
          formRef={formRef}
          label="Picking List"
          pendingLabel="Exporting..."
          pagePath="/admin/orders/picking-list.csv"
          apiPath="/api/admin/orders/picking-list"
          done={(count) => ({
            title: PICKING_LIST_EXPORTED,
            description: `Picking list for ${count} ${count === 1 ? "order" : "orders"} downloaded.`,
          })}
          onNotice={onNotice}
        />
      </div>
    </div>
  );
}
