import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { pageTitle } from "~/utils/company-brand";
import { Link } from "@remix-run/react";
import { LogoutForm } from "~/components/layout/logout-form";
import { LogoutQueueNotice } from "~/components/offline/logout-queue-notice";
import { getOptionalUser } from "~/utils/auth.server";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Log out") }];

/** Signed out already: nothing to confirm. */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request))) throw redirect("/");
  return null;
}

/**
 * /logout: the one-button confirm that GET /api/logout always leads to. Signing out is a POST from the app's
 * own pages, so another site's link or image cannot sign a buyer out mid-order.
 */
export default function LogoutConfirm() {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Log out?</h1>
      <p className="mt-3 text-slate-600">Press Log Out to sign out on this device. Your cart is kept for next time.</p>
      <LogoutQueueNotice />
      <div className="mt-8 flex items-center justify-center gap-4">
        <LogoutForm className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800" confirmQueued={false} />
        <Link to="/" className="font-medium text-brand-700 hover:underline">
          Stay signed in
        </Link>
      </div>
    </div>
  );
}
