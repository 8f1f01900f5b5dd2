import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ToastNotice } from "~/components/ui/toast";
import type { FormActionData } from "~/utils/form-reply.server";
import { AdminDialog } from "./admin-dialog";
import { ConfirmStep } from "./confirm-step";
import { primaryLinkClass } from "./form/form-bits";
import { PageHeader } from "./page-header";

type FormFor = (lastResult: SubmissionResult<string[]> | undefined) => ReactNode;

/**
 * The frame of a back-office list screen whose records open in dialogs with their own address: the header
 * with its Add link, the notice of a refused post, "that record no longer exists", the create and edit
 * dialogs (each form gets the action's last answer for its own intent) and the delete confirmation. The list
 * itself is the children.
 */
export function RecordScreen({
  width = "max-w-6xl",
  title,
  description,
  addLabel,
  addHref,
  actionData,
  missingText,
  missing,
  closeHref,
  hidden,
  dialogSize,
  createTitle,
  createForm,
  editTitle,
  editForm,
  deleting,
  children,
}: {
  width?: "max-w-6xl" | "max-w-7xl";
  title: string;
  description: string;
  addLabel: string;
  addHref: string;
  actionData: FormActionData | undefined;
  missingText: string;
  missing: boolean;
  closeHref: string;
  hidden: Record<string, string>;
  dialogSize?: "md" | "lg";
  createTitle: string;
  /** the create form, when the address opens it */
  createForm: FormFor | null;
  editTitle: string;
  /** the edit form, when the address opens it */
  editForm: FormFor | null;
  /** the delete confirmation, when the address opens it */
  deleting: { id: number; title: string; message: ReactNode } | null;
  children: ReactNode;
}) {
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <div className={`mx-auto ${width}`}>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Link to={addHref} preventScrollReset className={primaryLinkClass}>
            {addLabel}
          </Link>
        }
      />

      {actionData?.toast ? (
        <div className="mb-4">
          <ToastNotice key={actionData.attempt} toast={actionData.toast} />
        </div>
      ) : null}
      {missing ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {missingText}
        </p>
      ) : null}

      <AdminDialog open={Boolean(createForm)} size={dialogSize} title={createTitle} closeHref={closeHref}>
        {createForm ? createForm(lastResult("create")) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(editForm)} size={dialogSize} title={editTitle} closeHref={closeHref}>
        {editForm ? editForm(lastResult("update")) : null}
      </AdminDialog>

      {deleting ? (
        <ConfirmStep
          open
          title={deleting.title}
          message={deleting.message}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={deleting.id}
          cancelHref={closeHref}
          hidden={hidden}
        />
      ) : null}

      {children}
    </div>
  );
}
