import type { ReactNode } from "react";

/** A tab with nothing to list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{children}</p>
  );
}
