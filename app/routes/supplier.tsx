import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { RouteErrorPage } from "~/components/layout/route-error-page";
import { SupplierFooter, SupplierHeader } from "~/components/supplier/supplier-header";
import { requireSupplier } from "~/utils/auth.server";
import { getCompanySettings } from "~/utils/company.server";

/** The supplier area brings its own header (their business name, Log Out) instead of the storefront's. */
export const handle = { layout: "bare" };

/** Signed-out visitors sign in first; only suppliers have this area (each page checks again). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireSupplier(request);
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ");
  return json({ businessName: user.businessName || name || user.email, contactEmail: getCompanySettings().email });
}

export default function SupplierArea() {
  const { businessName, contactEmail } = useLoaderData<typeof loader>();
  return (
    <>
      <SupplierHeader businessName={businessName} />
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <SupplierFooter contactEmail={contactEmail} />
    </>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/supplier");
  return (
    <>
      {data ? <SupplierHeader businessName={data.businessName} /> : null}
      <RouteErrorPage
        title="Something went wrong"
        message="This page could not be shown. Please try again."
        links={[{ to: "/supplier", label: "Your orders and invoices" }]}
        notFound={{ title: "Not found", message: "There is no such purchase order or invoice in your account." }}
      />
    </>
  );
}
