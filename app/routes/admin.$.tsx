import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { requireStaff } from "~/utils/auth.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** An admin address no screen answers: a real 404, inside the admin layout. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "home");
  throw new Response("Not Found", { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export const ErrorBoundary = AdminErrorBoundary;
