import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff } from "~/utils/auth.server";

/** The analytics page's "low stock alerts" link: the Inventory Alerts screen answers it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "stock");
  return redirect("/admin/inventory-alerts");
}
