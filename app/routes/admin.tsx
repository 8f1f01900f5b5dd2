import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { AdminShell } from "~/components/admin/admin-shell";
import { parseSidebarState } from "~/components/admin/sidebar-state";
import { requireAdmin } from "~/utils/auth.server";

/** The back office brings its own chrome instead of the storefront header and footer. */
export const handle = { layout: "bare" };

export const meta: MetaFunction = () => [{ title: "INFY Admin" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  return json({
    email: admin.email,
    sidebarState: parseSidebarState(request.headers.get("Cookie")),
  });
}

export default function AdminLayout() {
  const { email, sidebarState } = useLoaderData<typeof loader>();
  return (
    <AdminShell email={email} sidebarState={sidebarState}>
      <Outlet />
    </AdminShell>
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
