import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The narrow card of the password reset pages, with its heading, what to do, and the way back to Log In. */
export function PasswordResetPanel({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <section aria-labelledby="reset-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="reset-heading" className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        <div className="mt-2 space-y-2 text-sm text-slate-600">{intro}</div>
        <div className="mt-6">{children}</div>
        <p className="mt-6 border-t border-slate-100 pt-4 text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Back to Log In
          </Link>
        </p>
      </section>
    </div>
  );
}
