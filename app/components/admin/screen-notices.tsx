import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ToastNotice } from "~/components/ui/toast";
import type { Toast } from "~/utils/session.server";

/** The notice a form action answered with when its form shows again (errors, a refusal). */
export function ActionNotice({ data }: { data?: { toast?: Toast; attempt: string } }) {
  if (!data?.toast) return null;
  return (
    <div className="mb-4">
      <ToastNotice key={data.attempt} toast={data.toast} />
    </div>
  );
}

/** The record a page address names (`?view=12`) is not there. */
export function MissingNotice({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {children}
    </p>
  );
}

/** A dialog's content when there is nothing left to do in it: why, and the way back to the list. */
export function NothingToDo({ children, backHref, backLabel }: { children: ReactNode; backHref: string; backLabel: string }) {
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <p>{children}</p>
      <div className="flex justify-end">
        <Link to={backHref} replace preventScrollReset className="font-medium text-brand-700 hover:underline">
          {backLabel}
        </Link>
      </div>
    </div>
  );
}
