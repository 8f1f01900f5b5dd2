import { Link } from "@remix-run/react";
import { Button } from "./button";

/**
 * The two buttons of an "are you sure?" form: Cancel (a link back, replacing the question in the history)
 * and the confirming submit, which says it is busy while the post is pending.
 */
export function ConfirmActions({
  cancelHref,
  pending,
  confirmLabel = "Confirm",
  pendingLabel,
}: {
  cancelHref: string;
  pending: boolean;
  confirmLabel?: string;
  pendingLabel: string;
}) {
  return (
    <>
      <Link
        to={cancelHref}
        replace
        preventScrollReset
        className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        Cancel
      </Link>
      <Button type="submit" variant="danger" disabled={pending}>
        {pending ? pendingLabel : confirmLabel}
      </Button>
    </>
  );
}
