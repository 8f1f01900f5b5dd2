import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { DialogActions, HiddenFields, SelectField, TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { NothingToDo } from "~/components/admin/screen-notices";
import { formatDecimalMoney } from "~/components/orders/format";
import { FormError } from "~/components/ui/field";
import {
  MAX_ADMIN_NOTES,
  RETURN_STATUS_LABELS,
  returnStatusUpdateSchema,
  SETTABLE_RETURN_STATUSES,
} from "~/domain/returns/return-processing.schema";
import { RecordHistory } from "~/components/admin/record-history";
import type { HistoryEntry } from "~/domain/shared/audit-history.server";
import { customerName, type ReturnRowData } from "./returns-screen";

/** Update Return Status (`?update=12`): the form, or why a final return cannot change any more. */
export function UpdateStatusDialog({
  item,
  hidden,
  listPath,
  lastResult,
  history,
}: {
  item: ReturnRowData | null;
  history: HistoryEntry[];
  hidden: Record<string, string>;
  listPath: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <AdminDialog
      open={Boolean(item)}
      title="Update Return Status"
      description={item ? `Return ${item.returnNumber} · ${item.orderNumber ?? `Order #${item.orderId}`}` : undefined}
      closeHref={listPath}
    >
      {item ? (
        item.status === "completed" || item.status === "rejected" ? (
          <NothingToDo backHref={listPath} backLabel="Back to returns">
            This return is {item.status} and can no longer be changed.
          </NothingToDo>
        ) : (
          <UpdateStatusForm
            key={`${item.id}-${item.status}`}
            item={item}
            hidden={hidden}
            cancelHref={listPath}
            lastResult={lastResult}
          />
        )
      ) : null}
      {item ? (
        <div className="mt-5 border-t border-slate-200 pt-4">
          <RecordHistory entries={history} />
        </div>
      ) : null}
    </AdminDialog>
  );
}

function UpdateStatusForm({
  item,
  hidden,
  cancelHref,
  lastResult,
}: {
  item: ReturnRowData;
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, saving } = useAdminForm({
    id: `return-status-${item.id}`,
    schema: returnStatusUpdateSchema,
    intent: "update",
    lastResult,
    defaultValue: { status: item.status, adminNotes: item.adminNotes ?? "" },
  });
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={item.id} />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <div className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        <p>
          {customerName(item)} · {item.reason}
        </p>
        <ul className="mt-1 text-xs text-slate-600">
          {item.items.map((line) => (
            <li key={line.id}>
              {line.productName} × {line.quantity} ({formatDecimalMoney(line.lineValue)})
            </li>
          ))}
        </ul>
      </div>
      <SelectField
        label="Status"
        hint="Completed is set with Complete, once a return is approved."
        errors={fields.status.errors}
        errorId={fields.status.errorId}
        selectProps={getSelectProps(fields.status)}
      >
        {SETTABLE_RETURN_STATUSES.map((status) => (
          <option key={status} value={status}>
            {RETURN_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        label="Admin Notes"
        errors={fields.adminNotes.errors}
        errorId={fields.adminNotes.errorId}
        textareaProps={{ ...getTextareaProps(fields.adminNotes), maxLength: MAX_ADMIN_NOTES, rows: 4 }}
      />
      <DialogActions cancelHref={cancelHref} submitLabel="Update Status" saving={saving} />
    </Form>
  );
}
