import { Form, Link, useNavigation } from "@remix-run/react";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { Panel } from "~/components/admin/page-header";
import { formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { USER_ROLES } from "~/domain/users/user.schema";
import type { AdminUserJson } from "~/domain/users/users.server";
import { personName, roleLabel, USERS_PATH, usersHref, type UsersListState } from "./users-href";

/** Self-registered customers waiting for approval, each with Approve (a post) and Reject (asks first). */
export function PendingApprovals({
  pending,
  list,
  hidden,
}: {
  pending: AdminUserJson[];
  list: UsersListState;
  hidden: Record<string, string>;
}) {
  const navigation = useNavigation();
  const approvingId =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "approve"
      ? navigation.formData.get("id")
      : null;
  return (
    <Panel
      title={
        <span className="flex items-center gap-2">
          Pending Approvals
          <Badge tone={pending.length > 0 ? "warning" : "neutral"}>
            <span aria-label={`${pending.length} pending`}>{pending.length}</span>
          </Badge>
        </span>
      }
    >
      {pending.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-500">No registrations are waiting for approval.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Registrations awaiting approval">
          {pending.map((user) => (
            <li
              key={user.id}
              data-testid="pending-user"
              className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:justify-between"
            >
              <dl className="grid flex-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3">
                <div>
                  <dt className="sr-only">Name</dt>
                  <dd className="font-semibold text-slate-900">{personName(user) || "-"}</dd>
                </div>
                <div>
                  <dt className="sr-only">Business</dt>
                  <dd className="text-slate-700">{user.businessName || "-"}</dd>
                </div>
                <div>
                  <dt className="sr-only">Email</dt>
                  <dd className="break-all text-slate-700">{user.email}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">Phone: </dt>
                  <dd className="inline text-slate-700">{user.phone || "-"}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">VAT number: </dt>
                  <dd className="inline text-slate-700">{user.vatNumber || "-"}</dd>
                </div>
                <div>
                  <dt className="inline text-slate-500">Signed up: </dt>
                  <dd className="inline text-slate-700">{formatOrderDate(user.createdAt)}</dd>
                </div>
              </dl>
              <div className="flex shrink-0 gap-2">
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="id" value={user.id} />
                  <HiddenFields values={hidden} />
                  <Button
                    type="submit"
                    className="px-3 py-1.5"
                    disabled={approvingId === user.id}
                    aria-label={`Approve ${user.email}`}
                  >
                    {approvingId === user.id ? "Approving..." : "Approve"}
                  </Button>
                </Form>
                <Link
                  to={usersHref(list, { reject: user.id })}
                  preventScrollReset
                  aria-label={`Reject ${user.email}`}
                  className="inline-flex items-center justify-center rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-700 shadow-sm hover:bg-red-50"
                >
                  Reject
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

export function UserFilters({ list }: { list: UsersListState }) {
  return (
    <AdminListFilters
      search={{ id: "users-q", label: "Search users", placeholder: "Email, name or business", value: list.q ?? "" }}
      filters={[
        { id: "users-role", name: "role", label: "Role", value: list.role ?? "", allLabel: "All roles",
          options: USER_ROLES.map((role) => ({ value: role, label: roleLabel(role) })) },
      ]}
      clearHref={USERS_PATH}
    />
  );
}

/** Every user on this page of the list, with Edit and Delete (not for yourself). */
export function UsersTable({ users, list, meId }: { users: AdminUserJson[]; list: UsersListState; meId: string }) {
  return (
    <DataTable caption="Users" minWidth="48rem">
      <thead>
        <tr>
          <th scope="col" className={thClass}>Name</th>
          <th scope="col" className={thClass}>Email</th>
          <th scope="col" className={thClass}>Role</th>
          <th scope="col" className={thClass}>Status</th>
          <th scope="col" className={`${thClass} text-right`}>Actions</th>
        </tr>
      </thead>
      <tbody>
        {users.length === 0 ? (
          <EmptyRow colSpan={5}>No users found</EmptyRow>
        ) : (
          users.map((user) => <UserRow key={user.id} user={user} list={list} isSelf={user.id === meId} />)
        )}
      </tbody>
    </DataTable>
  );
}

function UserRow({ user, list, isSelf }: { user: AdminUserJson; list: UsersListState; isSelf: boolean }) {
  const name = personName(user);
  return (
    <tr data-testid="user-row" className="hover:bg-slate-50">
      <td className={tdClass}>
        <div className="font-medium text-slate-900">{name || "-"}</div>
        {user.businessName ? <div className="text-xs text-slate-500">{user.businessName}</div> : null}
      </td>
      <td className={`${tdClass} break-all`}>{user.email}</td>
      <td className={tdClass}>
        <Badge tone={user.role === "admin" ? "info" : "neutral"}>{roleLabel(user.role)}</Badge>
        {user.priceTierName ? <div className="mt-1 text-xs text-slate-500">{user.priceTierName} tier</div> : null}
      </td>
      <td className={tdClass}>
        <div className="flex flex-wrap gap-1">
          {user.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Inactive</Badge>}
          {user.approvedAt ? null : <Badge tone="warning">Pending approval</Badge>}
        </div>
      </td>
      <td className={`${tdClass} text-right`}>
        <div className="flex justify-end gap-3 whitespace-nowrap">
          <Link
            to={usersHref(list, { edit: user.id })}
            preventScrollReset
            className="font-medium text-brand-700 hover:underline"
            aria-label={`Edit ${user.email}`}
          >
            Edit
          </Link>
          {isSelf ? (
            <span className="text-slate-500" title="You cannot delete your own account">
              Delete
            </span>
          ) : (
            <Link
              to={usersHref(list, { delete: user.id })}
              preventScrollReset
              className="font-medium text-red-700 hover:underline"
              aria-label={`Delete ${user.email}`}
            >
              Delete
            </Link>
          )}
        </div>
      </td>
    </tr>
  );
}
