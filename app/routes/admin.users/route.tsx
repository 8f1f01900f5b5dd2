import { parseWithZod } from "@conform-to/zod";
import { adminPageTitle } from "~/utils/company-brand";
import type { Submission } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminPagination } from "~/components/admin/admin-pagination";
import { IDEMPOTENCY_INPUT, primaryLinkClass } from "~/components/admin/form/form-bits";
import { PageHeader, Panel } from "~/components/admin/page-header";
import { ActionNotice } from "~/components/admin/screen-notices";
import { ConfirmStep } from "~/components/admin/confirm-step";
import {
  createUserFormSchema,
  editUserFormSchema,
  userIdFormSchema,
  userListQuerySchema,
} from "~/domain/users/user.schema";
import { approveUser, rejectUser } from "~/domain/users/user-approval.server";
import { heldSignUpCounts, listHeldSignUps, rejectHeldSignUps } from "~/domain/users/held-sign-ups.server";
import { heldViewQuerySchema, rejectHeldFormSchema } from "~/domain/users/held-sign-ups.schema";
import { createUser, deleteUser, updateUser } from "~/domain/users/user-changes.server";
import { sendPasswordResetLink } from "~/domain/users/password-reset.server";
import {
  adminUserJson,
  getAdminUser,
  listPendingUsers,
  listPriceTierOptions,
  listUsers,
  USER_NOT_FOUND_MESSAGE,
} from "~/domain/users/users.server";
import { auditHistory } from "~/domain/shared/audit-history.server";
import { requireStaff } from "~/utils/auth.server";
import { staffMay } from "~/domain/users/staff-roles";
import { getDb } from "~/utils/db.server";
import { failureReply, invalidReply, type FormActionData } from "~/utils/form-reply.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import type { Result } from "~/utils/result";
import { errorToast, redirectWithToast, type Toast } from "~/utils/toast.server";
import { SEND_RESET_LINK_INTENT } from "./send-reset-link";
import { UserDialogs } from "./user-dialogs";
import { usersHref, usersReturnHref } from "./users-href";
import { HeldSignUps, PendingApprovals } from "./pending-registrations";
import { UserFilters, UsersTable } from "./users-table";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Users") }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireStaff(request, "customers");
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const query = userListQuerySchema.parse(Object.fromEntries(params));
  const heldView = heldViewQuerySchema.parse(Object.fromEntries(params));
  const page = listUsers(db, query);
  // ?pending=held shows the sign-ups held back as likely automated in place of the approval queue
  const held = heldView.pending ? listHeldSignUps(db, heldView.heldPage) : null;
  const userFor = (id: string | null) => (id ? getAdminUser(db, id) : null);
  // staff who are not full admins change customer accounts only: no other account opens for them
  const canManageStaff = staffMay(admin.staffRole, "staff");
  const changeable = (user: ReturnType<typeof userFor>) => (user && (canManageStaff || user.role === "customer") ? user : null);
  const editing = changeable(userFor(params.get("edit")));
  const deleting = changeable(userFor(params.get("delete")));
  const rejecting = userFor(params.get("reject"));

  return json({
    meId: admin.id,
    staffRole: admin.staffRole,
    canManageStaff,
    list: { q: query.q, role: query.role, page: page.page, pending: heldView.pending, heldPage: held?.page },
    users: page.items.map(adminUserJson),
    total: page.total,
    pageCount: page.pageCount,
    pending: held ? [] : listPendingUsers(db).map(adminUserJson),
    heldCounts: heldSignUpCounts(db),
    held: held
      ? {
          items: held.items.map(adminUserJson),
          total: held.total,
          page: held.page,
          pageCount: held.pageCount,
          newestHeldAt: held.newestHeldAt?.getTime() ?? null,
        }
      : null,
    rejectingHeld: Boolean(held?.newestHeldAt) && params.get("rejectHeld") === "1",
    tiers: listPriceTierOptions(db),
    creating: params.get("dialog") === "new",
    editing: editing ? adminUserJson(editing) : null,
    history: editing ? auditHistory(db, "user", editing.id) : [],
    deleting: deleting ? adminUserJson(deleting) : null,
    rejecting: rejecting && !rejecting.approvedAt ? adminUserJson(rejecting) : null,
    idempotencyKey: issueIdempotencyKey(),
  });
}

const USER_FORM_FIELDS = [
  "email", "password", "firstName", "lastName", "businessName", "role", "staffRole", "priceTierId", "phone", "vatNumber",
  "address", "isActive", "requiresApproval", "deliveryCharge",
] as const;

/** The form's answer never carries the password back to the browser. */
function withoutPassword<Value>(submission: Submission<unknown, string[], Value>) {
  return { ...submission, reply: (options) => submission.reply({ ...options, hideFields: ["password"] }) } as Submission<unknown, string[], Value>;
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireStaff(request, "customers");
  const db = getDb();
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const key = idempotencyKeyFrom(formData);
  const back = usersReturnHref(formData.get("returnTo"));
  const done = (toast: Toast) => redirectWithToast(request, back, toast);

  /** Runs a create or edit; invalid input or a refused change shows the form again with its errors. */
  async function save<Value>(
    formIntent: "create" | "update",
    parsed: Submission<unknown, string[], Value>,
    run: (value: Value) => Promise<Result<{ email: string }>>,
  ) {
    const submission = withoutPassword(parsed);
    if (submission.status !== "success") return invalidReply(formIntent, submission);
    const result = await run(submission.value);
    if (!result.ok) return failureReply(formIntent, submission, result, USER_FORM_FIELDS);
    return done(
      formIntent === "create"
        ? { title: "User created", description: `${result.value.email} can now sign in.` }
        : { title: "User updated", description: `${result.value.email} has been saved.` },
    );
  }

  if (intent === "reject-held") {
    // the newest held time the page showed: one held since the admin looked stays
    const upTo = rejectHeldFormSchema.safeParse(Object.fromEntries(formData));
    if (!upTo.success) return done(errorToast("Choose the held-back sign-ups to reject again."));
    const result = rejectHeldSignUps(db, admin, new Date(upTo.data.id), key);
    return done(
      result.ok
        ? {
            title: "Held-back sign-ups rejected",
            description: `${result.value.count} ${result.value.count === 1 ? "registration has" : "registrations have"} been removed.`,
          }
        : errorToast(result.message),
    );
  }
  if (intent === "create") {
    return save("create", parseWithZod(formData, { schema: createUserFormSchema }), (value) => createUser(db, admin, value, key));
  }
  const target = parseWithZod(formData, { schema: userIdFormSchema });
  if (target.status !== "success") return done(errorToast(USER_NOT_FOUND_MESSAGE));
  const { id } = target.value;
  if (intent === "update") {
    return save("update", parseWithZod(formData, { schema: editUserFormSchema }), (value) => updateUser(db, admin, id, value, key));
  }
  if (intent === "delete") {
    const result = deleteUser(db, admin, id, key);
    return done(result.ok ? { title: "User deleted", description: `${result.value.email} has been removed.` } : errorToast(result.message));
  }
  if (intent === SEND_RESET_LINK_INTENT) {
    const result = await sendPasswordResetLink(db, admin, id, { idempotencyKey: key });
    return done(result.ok ? { title: "Password reset link sent", description: result.value.message } : errorToast(result.message));
  }
  if (intent === "approve") {
    const result = approveUser(db, admin, id, key);
    return done(result.ok ? { title: "User approved", description: `${result.value.email} now has access.` } : errorToast(result.message));
  }
  if (intent === "reject") {
    const result = rejectUser(db, admin, id, key);
    return done(
      result.ok
        ? { title: "User rejected", description: `The registration for ${result.value.email} has been removed.` }
        : errorToast(result.message),
    );
  }
  return done(errorToast("Unknown action"));
}

export default function AdminUsers() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { list } = data;
  const listHref = usersHref(list);
  const hidden = { returnTo: listHref, [IDEMPOTENCY_INPUT]: data.idempotencyKey };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Users"
        description="Customers, suppliers and admins; approve new trade registrations."
        actions={
          <>
            <Link to="/admin/companies" className="text-sm font-medium text-brand-700 hover:underline">
              Companies
            </Link>
            {data.canManageStaff ? (
              <Link to="/admin/sign-in-holds" className="text-sm font-medium text-brand-700 hover:underline">
                Sign-in holds
              </Link>
            ) : null}
            <Link to={usersHref(list, { dialog: "new" })} preventScrollReset className={primaryLinkClass}>
              Add User
            </Link>
          </>
        }
      />

      <ActionNotice data={actionData} />

      <UserDialogs
        creating={data.creating}
        editing={data.editing}
        history={data.history}
        deleting={data.deleting}
        rejecting={data.rejecting}
        meId={data.meId}
        staffRole={data.staffRole}
        canManageStaff={data.canManageStaff}
        tiers={data.tiers}
        hidden={hidden}
        listHref={listHref}
        lastResult={(intent) => (actionData?.intent === intent ? actionData.result : undefined)}
      />

      {data.held ? (
        <HeldSignUps held={data.held} list={list} hidden={hidden} />
      ) : (
        <PendingApprovals pending={data.pending} held={data.heldCounts} list={list} hidden={hidden} />
      )}
      {data.rejectingHeld && data.held?.newestHeldAt ? (
        <ConfirmStep
          open
          title="Reject Held-back Sign-ups"
          message={
            <p>
              Are you sure you want to reject all <strong>{data.held.total}</strong> held-back{" "}
              {data.held.total === 1 ? "sign-up" : "sign-ups"}? Each registration will be removed.
            </p>
          }
          confirmLabel="Reject all"
          pendingLabel="Rejecting..."
          intent="reject-held"
          id={data.held.newestHeldAt}
          cancelHref={listHref}
          hidden={hidden}
        />
      ) : null}

      <Panel className="mt-6" title="All Users">
        <UserFilters list={list} />
        <UsersTable users={data.users} list={list} meId={data.meId} canManageStaff={data.canManageStaff} />
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

export const ErrorBoundary = AdminErrorBoundary;
