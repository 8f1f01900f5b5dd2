import { useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { BULK_STATUS_OPTIONS } from "~/domain/orders/order-fulfilment.schema";
import { EXPORT_COMPLETE, PICKING_LIST_EXPORTED } from "~/domain/orders/order-list.schema";
import { statusLabel } from "~/domain/orders/order-status";
import type { Toast } from "~/utils/session.server";
import { DownloadButton } from "./download-button";

/**
 * The toolbar above the orders table, inside its bulk form: "select all N matching" (the `all` box: the
 * action then covers every order the filter matches, beyond this page), how many are selected (with
 * JavaScript), a status with Apply, and Export CSV and Picking List (the ticked orders, or the filtered list
 * when none are ticked).
 */
export function BulkStatusBar({
  downloadQuery,
  onNotice,
  total,
  allMatching,
  onAllMatching,
  selected,
}: {
  downloadQuery: () => string;
  onNotice: (notice: { toast: Toast; attempt: number }) => void;
  total: number;
  allMatching: boolean;
  onAllMatching: (checked: boolean) => void;
  /** how many orders are selected; null before JavaScript has loaded (the count cannot follow the boxes) */
  selected: number | null;
}) {
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "bulk-status";
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 bg-slate-50 px-4 py-3 lg:flex-row lg:flex-wrap lg:items-center">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="all"
          value="1"
          checked={allMatching}
          onChange={(event) => onAllMatching(event.currentTarget.checked)}
          className="h-4 w-4 rounded border-slate-300"
        />
        Select all {total} matching {total === 1 ? "order" : "orders"}
      </label>
      {selected !== null ? (
        <span className="text-sm font-medium text-slate-900" role="status" data-testid="selected-count">
          {selected} selected
        </span>
      ) : null}
      <span className="text-sm text-slate-700">Tick orders, then</span>
      <label htmlFor="bulk-status" className="sr-only">
        Bulk action
      </label>
      <select id="bulk-status" name="status" defaultValue="" className={`${inputClass} lg:w-56`}>
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
      <div className="flex gap-2 lg:ml-auto">
        <DownloadButton
          downloadQuery={downloadQuery}
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
          downloadQuery={downloadQuery}
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
        <DownloadButton
          downloadQuery={downloadQuery}
          label="Print Picking List"
          pendingLabel="Preparing..."
          pagePath="/admin/orders/picking-list.pdf"
          apiPath="/api/admin/orders/picking-list/pdf"
          done={(count) => ({
            title: PICKING_LIST_EXPORTED,
            description: `Printable picking list, with barcodes, for ${count} ${count === 1 ? "order" : "orders"} downloaded.`,
          })}
          onNotice={onNotice}
        />
      </div>
    </div>
  );
}
