import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { brandFromMatches } from "~/utils/company-brand";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { NoReplicaNotice } from "~/components/admin/no-replica-notice";
import { ADMIN_NAV_GROUP_KEYS } from "~/components/admin/nav";
import { parseFoldedGroups, parseSidebarState } from "~/components/admin/sidebar-state";
import { accountsWithDemoPasswords } from "~/domain/users/install.server";
import { requireStaff } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { replicaConfigured } from "~/utils/replica.server";

/** The back office brings its own chrome instead of the storefront header and footer. */
export const handle = { layout: "bare" };

export const meta: MetaFunction = ({ matches }) => [{ title: brandFromMatches(matches).adminTitle }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireStaff(request, "home");
  return json({
    email: admin.email,
    staffRole: admin.staffRole,
    sidebarState: parseSidebarState(request.headers.get("Cookie")),
    foldedGroups: parseFoldedGroups(request.headers.get("Cookie"), ADMIN_NAV_GROUP_KEYS),
    demoPasswordAccounts: await accountsWithDemoPasswords(getDb()),
    noReplica: !replicaConfigured(),
  });
}

export default function AdminLayout() {
  const { email, staffRole, sidebarState, foldedGroups, demoPasswordAccounts, noReplica } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email} staffRole={staffRole} sidebarState={sidebarState} foldedGroups={foldedGroups}>
      {demoPasswordAccounts.length > 0 ? <DemoPasswordWarning emails={demoPasswordAccounts} fullAdmin={staffRole === "admin"} /> : null}
      {noReplica ? <NoReplicaNotice /> : null}
      <Outlet />
    </AdminShell>
  );
}

/** On every back-office page while anyone could sign in with a password the README publishes. */
function DemoPasswordWarning({ emails, fullAdmin }: { emails: string[]; fullAdmin: boolean }) {
  return (
    <div role="alert" data-testid="demo-password-warning" className="mb-5 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">Demo accounts still have their published passwords</p>
      <p className="mt-1">
        Anyone who has read the README can sign in as {emails.join(", ")}.{" "}
        {fullAdmin ? (
          <>
            Change their passwords or deactivate them in{" "}
            <a href="/admin/users" className="font-medium underline">
              Users
            </a>{" "}
            before this box takes real orders, or make a real install with <code>npm run setup</code>.
          </>
        ) : (
          <>Ask a full admin to change their passwords or deactivate them before this box takes real orders.</>
        )}
      </p>
    </div>
  );
}

/** A failure in the layout itself (its children have their own boundaries). */
export function ErrorBoundary() {
  return (
    <div className="min-h-screen bg-slate-50 px-4">
      <AdminErrorBoundary />
    </div>
  );
}
