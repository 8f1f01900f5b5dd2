import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { Submission } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { AdminListFilters } from "~/components/admin/admin-list-filters";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { Badge } from "~/components/admin/badge";
import { ConfirmStep } from "~/components/admin/confirm-step";
import { DataTable, EmptyRow, tdClass, thClass } from "~/components/admin/data-table";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { formatOrderDate } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  createUserFormSchema,
  editUserFormSchema,
  userFormSchema,
  userListQuerySchema,
  USER_ROLES,
} from "~/domain/users/user.schema";
import {
  adminUserJson,
  approveUser,
  createUser,
  deleteUser,
  getAdminUser,
  listPendingUsers,
  listPriceTierOptions,
  listUsers,
  rejectUser,
  updateUser,
  type AdminUserJson,
} from "~/domain/users/users.server";
import { requireAdmin } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { formatPercent } from "~/utils/money";
import type { Result } from "~/utils/result";
import { flashToast, type Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Users · INFY Admin" }];

const PATH = "/admin/users";

type ListState = { q?: string; role?: string; page?: number };

/** The list's address with its filters, plus any page state (?dialog=new, ?edit=, ?delete=, ?reject=). */
function usersHref(list: ListState, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (list.q) params.set("q", list.q);
  if (list.role) params.set("role", list.role);
  if (list.page && list.page > 1) params.set("page", String(list.page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return search ? `${PATH}?${search}` : PATH;
}

/** Only the users list itself may be the place a form returns to. */
function returnHref(value: FormDataEntryValue | null) {
  if (typeof value !== "string" || !value.startsWith(PATH)) return PATH;
  const url = new URL(value, "http://localhost");
  if (url.pathname !== PATH) return PATH;
  const query = userListQuerySchema.parse(Object.fromEntries(url.searchParams));
  return usersHref(query);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = userListQuerySchema.parse(Object.fromEntries(params));
  const page = listUsers(db, query);
  const list = { q: query.q, role: query.role, page: page.page };

  const editId = params.get("edit");
  const editing = editId ? getAdminUser(db, editId) : null;
  const deleteId = params.get("delete");
  const deleting = deleteId ? getAdminUser(db, deleteId) : null;
  const rejectId = params.get("reject");
  const rejecting = rejectId ? getAdminUser(db, rejectId) : null;

  return json({
    meId: admin.id,
    list,
    users: page.items.map(adminUserJson),
    total: page.total,
    pageCount: page.pageCount,
    pending: listPendingUsers(db).map(adminUserJson),
    tiers: listPriceTierOptions(db),
    creating: params.get("dialog") === "new",
    editing: editing ? adminUserJson(editing) : null,
    deleting: deleting ? adminUserJson(deleting) : null,
    rejecting: rejecting && !rejecting.approvedAt ? adminUserJson(rejecting) : null,
    idempotencyKey: issueIdempotencyKey(),
  });
}

type ActionData = {
  intent: "create" | "update";
  result: SubmissionResult<string[]>;
  toast?: Toast;
  attempt: string;
};

function errorToast(message: string): Toast {
  return { title: "Error", description: message, variant: "destructive" };
}

function displayName(user: { email: string; firstName: string | null; lastName: string | null }) {
  return [user.firstName, user.lastName].filter(Boolean).join(" ") || user.email;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const formData = await request.formData();
  const intent = formData.get("intent");
  const key = idempotencyKeyFrom(formData);
  const back = returnHref(formData.get("returnTo"));
  const id = String(formData.get("id") ?? "");

  async function done(toast: Toast) {
    return redirect(back, { headers: { "Set-Cookie": await flashToast(request, toast) } });
  }

  /** Runs a create or edit; invalid input or a refused change re-renders the form with its errors. */
  async function save<Value>(
    formIntent: ActionData["intent"],
    submission: Submission<unknown, string[], Value>,
    run: (value: Value) => Promise<Result<{ email: string }>>,
  ) {
    if (submission.status !== "success") {
      return json<ActionData>(
        { intent: formIntent, result: submission.reply({ hideFields: ["password"] }), attempt: crypto.randomUUID() },
        { status: 400 },
      );
    }
    const result = await run(submission.value);
    if (!result.ok) {
      const reply = submission.reply({
        fieldErrors: result.field ? { [result.field]: [result.message] } : undefined,
        formErrors: result.field ? undefined : [result.message],
        hideFields: ["password"],
      });
      return json<ActionData>(
        { intent: formIntent, result: reply, toast: errorToast(result.message), attempt: crypto.randomUUID() },
        { status: result.status },
      );
    }
    return done(
      formIntent === "create"
        ? { title: "User created", description: `${result.value.email} can now sign in.` }
        : { title: "User updated", description: `${result.value.email} has been saved.` },
    );
  }

  if (intent === "create") {
    return save("create", parseWithZod(formData, { schema: createUserFormSchema }), (value) =>
      createUser(db, admin, value, key),
    );
  }
  if (intent === "update") {
    return save("update", parseWithZod(formData, { schema: editUserFormSchema }), (value) =>
      updateUser(db, admin, id, value, key),
    );
  }
  if (intent === "delete") {
    const result = deleteUser(db, admin, id, key);
    if (!result.ok) return done(errorToast(result.message));
    return done({ title: "User deleted", description: `${result.value.email} has been removed.` });
  }
  if (intent === "approve") {
    const result = approveUser(db, admin, id, key);
    if (!result.ok) return done(errorToast(result.message));
    return done({ title: "User approved", description: `${result.value.email} now has access.` });
  }
  if (intent === "reject") {
    const result = rejectUser(db, admin, id, key);
    if (!result.ok) return done(errorToast(result.message));
    return done({ title: "User rejected", description: `The registration for ${result.value.email} has been removed.` });
  }
  return done(errorToast("Unknown action"));
}

type LoaderData = SerializeFrom<typeof loader>;

export default function AdminUsers() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { list } = data;
  const listHref = usersHref(list);
  const hidden = { returnTo: listHref, [IDEMPOTENCY_FIELD]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Users"
        description="Customers, suppliers and admins; approve new trade registrations."
        actions={
          <Link
            to={usersHref(list, { dialog: "new" })}
            preventScrollReset
            className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Add User
          </Link>
        }
      />

      {actionData?.toast ? (
        <div className="mb-4">
          <ToastNotice key={actionData.attempt} toast={actionData.toast} />
        </div>
      ) : null}

      <AdminDialog
        open={data.creating}
        size="lg"
        title="Create User"
        description="The account is approved at once; share the password with the user securely."
        closeHref={listHref}
      >
        {data.creating ? (
          <UserForm
            key="new"
            mode="create"
            tiers={data.tiers}
            hidden={hidden}
            cancelHref={listHref}
            lastResult={actionData?.intent === "create" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      <AdminDialog open={Boolean(data.editing)} size="lg" title="Edit User" closeHref={listHref}>
        {data.editing ? (
          <UserForm
            key={data.editing.id}
            mode="edit"
            user={data.editing}
            isSelf={data.editing.id === data.meId}
            tiers={data.tiers}
            hidden={hidden}
            cancelHref={listHref}
            lastResult={actionData?.intent === "update" ? actionData.result : undefined}
          />
        ) : null}
      </AdminDialog>

      {data.deleting ? (
        <ConfirmStep
          open
          title="Delete User"
          message={
            <p>
              Are you sure you want to delete <strong>{data.deleting.email}</strong>? This cannot be undone. Users with
              orders or invoices cannot be deleted; deactivate them instead.
            </p>
          }
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          intent="delete"
          id={data.deleting.id}
          cancelHref={listHref}
          hidden={hidden}
        />
      ) : null}

      {data.rejecting ? (
        <ConfirmStep
          open
          title="Reject Registration"
          message={
            <p>
              Are you sure you want to reject the registration of <strong>{data.rejecting.email}</strong>
              {data.rejecting.businessName ? ` (${data.rejecting.businessName})` : ""}? The registration will be
              removed.
            </p>
          }
          confirmLabel="Reject"
          pendingLabel="Rejecting..."
          intent="reject"
          id={data.rejecting.id}
          cancelHref={listHref}
          hidden={hidden}
        />
      ) : null}

      <PendingApprovals pending={data.pending} list={list} hidden={hidden} />

      <Panel className="mt-6" title="All Users">
        <UserFilters list={list} />
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
            {data.users.length === 0 ? (
              <EmptyRow colSpan={5}>No users found</EmptyRow>
            ) : (
              data.users.map((user) => (
                <UserRow key={user.id} user={user} list={list} isSelf={user.id === data.meId} />
              ))
            )}
          </tbody>
        </DataTable>
        <AdminPagination
          page={list.page}
          pageCount={data.pageCount}
          total={data.total}
          noun={["user", "users"]}
          hrefFor={(page) => usersHref({ ...list, page })}
        />
      </Panel>
    </div>
  );
}

function PendingApprovals({
  pending,
  list,
  hidden,
}: {
  pending: AdminUserJson[] | LoaderData["pending"];
  list: ListState;
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
                  <dd className="font-semibold text-slate-900">
                    {[user.firstName, user.lastName].filter(Boolean).join(" ") || "-"}
                  </dd>
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
                  {Object.entries(hidden).map(([name, value]) => (
                    <input key={name} type="hidden" name={name} value={value} />
                  ))}
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

function UserFilters({ list }: { list: ListState }) {
  return (
    <AdminListFilters
      search={{ id: "users-q", label: "Search users", placeholder: "Email, name or business", value: list.q ?? "" }}
      filters={[
        { id: "users-role", name: "role", label: "Role", value: list.role ?? "", allLabel: "All roles",
          options: USER_ROLES.map((role) => ({ value: role, label: roleLabel(role) })) },
      ]}
      clearHref={PATH}
    />
  );
}

function roleLabel(role: string) {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

function UserRow({ user, list, isSelf }: { user: LoaderData["users"][number]; list: ListState; isSelf: boolean }) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
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
            <span className="text-slate-400" title="You cannot delete your own account">
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

function UserForm({
  mode,
  user,
  isSelf = false,
  tiers,
  hidden,
  cancelHref,
  lastResult,
}: {
  mode: "create" | "edit";
  user?: LoaderData["users"][number];
  isSelf?: boolean;
  tiers: LoaderData["tiers"];
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const intent = mode === "create" ? "create" : "update";
  const schema = userFormSchema(mode);
  const { form, fields, saving } = useAdminForm({
    id: `user-form-${user?.id ?? "new"}`,
    schema: schema,
    intent: intent,
    lastResult,
    defaultValue: user
      ? {
          email: user.email,
          firstName: user.firstName ?? "",
          lastName: user.lastName ?? "",
          businessName: user.businessName ?? "",
          phone: user.phone ?? "",
          address: user.address ?? "",
          vatNumber: user.vatNumber ?? "",
          role: user.role,
          priceTierId: user.priceTierId === null ? "" : String(user.priceTierId),
          isActive: user.isActive ? "on" : undefined,
          requiresApproval: user.requiresApproval ? "on" : undefined,
        }
      : { role: "customer", isActive: "on", priceTierId: "" },
  });
  const passwordField = (fields as typeof fields & { password?: typeof fields.email }).password;

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {user ? <input type="hidden" name="id" value={user.id} /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field
            label="Email"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          />
        </div>
        {mode === "create" && passwordField ? (
          <div className="sm:col-span-2">
            <Field
              label="Password"
              hint="At least 6 characters."
              errors={passwordField.errors}
              inputProps={{ ...getInputProps(passwordField, { type: "password" }), autoComplete: "new-password" }}
            />
          </div>
        ) : null}
        <Field label="First name" errors={fields.firstName.errors} inputProps={getInputProps(fields.firstName, { type: "text" })} />
        <Field label="Last name" errors={fields.lastName.errors} inputProps={getInputProps(fields.lastName, { type: "text" })} />
        <div className="sm:col-span-2">
          <Field
            label="Business name"
            errors={fields.businessName.errors}
            inputProps={getInputProps(fields.businessName, { type: "text" })}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={fields.role.id} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select {...getSelectProps(fields.role)} className={inputClass} disabled={isSelf} aria-describedby={isSelf ? `${fields.role.id}-hint` : undefined}>
            {USER_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </select>
          {isSelf ? (
            <>
              <input type="hidden" name={fields.role.name} value="admin" />
              <p id={`${fields.role.id}-hint`} className="text-xs text-slate-500">
                You cannot change your own role.
              </p>
            </>
          ) : null}
          <FieldErrors id={fields.role.errorId} errors={fields.role.errors} />
        </div>
        <div className="space-y-1">
          <label htmlFor={fields.priceTierId.id} className="block text-sm font-medium text-slate-800">
            Price tier
          </label>
          <select {...getSelectProps(fields.priceTierId)} className={inputClass}>
            <option value="">No tier (list prices)</option>
            {tiers.map((tier) => (
              <option key={tier.id} value={String(tier.id)}>
                {tier.name} ({formatPercent(tier.discountPercentage)} off)
              </option>
            ))}
          </select>
          <FieldErrors id={fields.priceTierId.errorId} errors={fields.priceTierId.errors} />
        </div>
        <Field label="Phone" errors={fields.phone.errors} inputProps={getInputProps(fields.phone, { type: "tel" })} />
        <Field label="VAT number" errors={fields.vatNumber.errors} inputProps={getInputProps(fields.vatNumber, { type: "text" })} />
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor={fields.address.id} className="block text-sm font-medium text-slate-800">
            Address
          </label>
          <textarea {...getTextareaProps(fields.address)} rows={2} className={inputClass} />
          <FieldErrors id={fields.address.errorId} errors={fields.address.errors} />
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="sr-only">Account settings</legend>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            {...getInputProps(fields.isActive, { type: "checkbox" })}
            disabled={isSelf}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
          />
          <span>
            <span className="font-medium">Active</span>
            <span className="block text-xs text-slate-500">
              {isSelf ? "You cannot deactivate your own account." : "Inactive users cannot sign in; deactivating signs them out everywhere."}
            </span>
          </span>
        </label>
        {isSelf ? <input type="hidden" name={fields.isActive.name} value="on" /> : null}
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            {...getInputProps(fields.requiresApproval, { type: "checkbox" })}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
          />
          <span>
            <span className="font-medium">Orders require approval</span>
            <span className="block text-xs text-slate-500">Each order waits for an admin before it is processed.</span>
          </span>
        </label>
        <FieldErrors id={fields.isActive.errorId} errors={fields.isActive.errors} />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Link
          to={cancelHref}
          replace
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : mode === "create" ? "Create User" : "Update User"}
        </Button>
      </div>
    </Form>
  );
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {errors[0]}
    </p>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
