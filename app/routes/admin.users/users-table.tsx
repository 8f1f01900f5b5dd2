import { Link } from "@remix-run/react";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { Badge } from "~/components/admin/badge";
import { DataTable, EmptyRow, Identifier, tdClass, thClass } from "~/components/admin/data-table";
import { USER_ROLES } from "~/domain/users/user.schema";
import type { AdminUserJson } from "~/domain/users/users.server";
import { STAFF_ROLE_LABELS } from "~/domain/users/staff-roles";
import { personName, roleLabel, USERS_PATH, usersHref, type UsersListState } from "./users-href";

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

/** Every user on this page of the list, with Edit and Delete (not for yourself; customers only, unless a full admin). */
export function UsersTable({
  users,
  list,
  meId,
  canManageStaff,
}: {
  users: AdminUserJson[];
  list: UsersListState;
  meId: string;
  canManageStaff: boolean;
}) {
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
          users.map((user) => (
            <UserRow key={user.id} user={user} list={list} isSelf={user.id === meId} changeable={canManageStaff || user.role === "customer"} />
          ))
        )}
      </tbody>
    </DataTable>
  );
}

function UserRow({ user, list, isSelf, changeable }: { user: AdminUserJson; list: UsersListState; isSelf: boolean; changeable: boolean }) {
  const name = personName(user);
  return (
    <tr data-testid="user-row" className="hover:bg-slate-50">
      <td className={tdClass}>
        <div className="font-medium text-slate-900">{name || "-"}</div>
        {user.businessName ? <div className="text-xs text-slate-500">{user.businessName}</div> : null}
      </td>
      <td className={tdClass}>
        <Identifier value={user.email} />
      </td>
      <td className={tdClass}>
        <Badge tone={user.role === "admin" ? "info" : "neutral"}>{roleLabel(user.role)}</Badge>
        {user.staffRole ? <div className="mt-1 text-xs text-slate-500" data-testid="staff-role">Staff role: {STAFF_ROLE_LABELS[user.staffRole]}</div> : null}
        {user.priceTierName ? <div className="mt-1 text-xs text-slate-500">{user.priceTierName} tier</div> : null}
      </td>
      <td className={tdClass}>
        <div className="flex flex-wrap gap-1">
          {user.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="danger">Inactive</Badge>}
          {user.approvedAt ? null : <Badge tone="warning">Pending approval</Badge>}
        </div>
      </td>
      <td className={`${tdClass} text-right`}>
        {changeable ? (
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
        ) : (
          <span className="text-xs text-slate-500">Full admins only</span>
        )}
      </td>
    </tr>
  );
}
