import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";

/** The analytics page's "low stock alerts" link: the Inventory Alerts screen answers it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return redirect("/admin/inventory-alerts");
}
