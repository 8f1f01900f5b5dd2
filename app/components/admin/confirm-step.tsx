import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConfirmActions } from "~/components/ui/confirm-actions";
import { AdminDialog } from "./admin-dialog";

/**
 * "Are you sure?" as a page state (`?delete=12`): a dialog with JavaScript, a section in the page without.
 * Confirming posts `intent` and `id` (plus any hidden fields); Cancel goes back to `cancelHref`.
 */
export function ConfirmStep({
  open,
  title,
  message,
  confirmLabel,
  pendingLabel,
  intent,
  id,
  cancelHref,
  hidden = {},
  fields,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  intent: string;
  id: string | number;
  cancelHref: string;
  hidden?: Record<string, string>;
  /** inputs the confirmation carries besides intent and id (a choice to make while confirming) */
  fields?: ReactNode;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <AdminDialog open={open} title={title} closeHref={cancelHref}>
      <div className="text-sm text-slate-700">{message}</div>
      <Form method="post" className="mt-5 flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="id" value={String(id)} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {fields ? <div className="w-full">{fields}</div> : null}
        <ConfirmActions cancelHref={cancelHref} pending={pending} confirmLabel={confirmLabel} pendingLabel={pendingLabel} />
      </Form>
    </AdminDialog>
  );
}
