import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { ConfirmStep } from "~/components/admin/confirm-step";
import type { AdminUserJson, PriceTierOption } from "~/domain/users/users.server";
import { RecordHistory } from "~/components/admin/record-history";
import type { HistoryEntry } from "~/domain/shared/audit-history.server";
import { SendResetLink } from "./send-reset-link";
import { UserForm } from "./user-form";
import { staffMayOpen, type StaffRole } from "~/domain/users/staff-roles";

/** The screen's page states: ?dialog=new, ?edit=, ?delete= and ?reject= (a pending registration). */
export function UserDialogs({
  creating,
  editing,
  history,
  deleting,
  rejecting,
  meId,
  staffRole,
  canManageStaff,
  tiers,
  hidden,
  listHref,
  lastResult,
}: {
  creating: boolean;
  editing: AdminUserJson | null;
  history: HistoryEntry[];
  deleting: AdminUserJson | null;
  rejecting: AdminUserJson | null;
  meId: string;
  staffRole: StaffRole;
  /** a full admin: staff and supplier accounts, and staff roles, are theirs to change */
  canManageStaff: boolean;
  tiers: PriceTierOption[];
  hidden: Record<string, string>;
  listHref: string;
  lastResult: (intent: "create" | "update") => SubmissionResult<string[]> | undefined;
}) {
  return (
    <>
      <AdminDialog
        open={creating}
        size="lg"
        title="Create User"
        description="The account is approved at once; share the password with the user securely."
        closeHref={listHref}
      >
        {creating ? (
          <UserForm key="new" mode="create" canManageStaff={canManageStaff} tiers={tiers} hidden={hidden} cancelHref={listHref} lastResult={lastResult("create")} />
        ) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(editing)} size="lg" title="Edit User" closeHref={listHref}>
        {editing && editing.role === "customer" ? (
          <nav aria-label="Their records" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {staffMayOpen(staffRole, "/admin/orders") ? (
              <Link to={`/admin/orders?q=${encodeURIComponent(editing.email)}`} className="font-medium text-brand-700 hover:underline">
                Their orders
              </Link>
            ) : null}
            {staffMayOpen(staffRole, "/admin/sales-invoices") ? (
              <Link
                to={`/admin/sales-invoices?q=${encodeURIComponent(editing.email)}`}
                className="font-medium text-brand-700 hover:underline"
              >
                Their invoices
              </Link>
            ) : null}
          </nav>
        ) : null}
        {editing ? (
          <UserForm
            key={editing.id}
            mode="edit"
            user={editing}
            isSelf={editing.id === meId}
            canManageStaff={canManageStaff}
            tiers={tiers}
            hidden={hidden}
            cancelHref={listHref}
            lastResult={lastResult("update")}
          />
        ) : null}
        {editing ? <SendResetLink user={editing} hidden={hidden} /> : null}
        {editing ? (
          <div className="mt-5 border-t border-slate-200 pt-4">
            <RecordHistory entries={history} />
          </div>
        ) : null}
      </AdminDialog>

      {deleting ? (
        <ConfirmStep
          open
          title="Delete User"
          message={
            <p>
              Are you sure you want to delete <strong>{deleting.email}</strong>? This cannot be undone. Users with
              orders or invoices cannot be deleted; deactivate them instead.
            </p>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={deleting.id}
          cancelHref={listHref}
          hidden={hidden}
        />
      ) : null}

      {rejecting ? (
        <ConfirmStep
          open
          title="Reject Registration"
          message={
            <p>
              Are you sure you want to reject the registration of <strong>{rejecting.email}</strong>
              {rejecting.businessName ? ` (${rejecting.businessName})` : ""}? The registration will be removed.
            </p>
          }
          confirmLabel="Reject"
          pendingLabel="Rejecting..."
          intent="reject"
          id={rejecting.id}
          cancelHref={listHref}
          hidden={hidden}
        />
      ) : null}
    </>
  );
}
