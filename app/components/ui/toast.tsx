import { useEffect, useState } from "react";
import type { Toast } from "~/utils/session.server";

export const TOAST_DURATION_MS = 5000;

/**
 * One notice at a time. Without JavaScript it is a banner at the top of the page; once the page is
 * hydrated the same notice floats as a toast (at most 420px wide) and dismisses itself after 5 s.
 */
export function ToastNotice({ toast }: { toast: Toast | null | undefined }) {
  const [hydrated, setHydrated] = useState(false);
  const [visible, setVisible] = useState(true);

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setVisible(true);
    if (!toast) return;
    const timer = window.setTimeout(() => setVisible(false), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  if (!toast || !visible) return null;
  const destructive = toast.variant === "destructive";
  const tone = destructive
    ? "border-red-300 bg-red-50 text-red-900"
    : "border-emerald-300 bg-emerald-50 text-emerald-900";
  const placement = hydrated
    ? "fixed bottom-4 right-4 z-50 w-[calc(100%-2rem)] shadow-lg md:max-w-[420px]"
    : "mx-auto mt-4 max-w-7xl";

  return (
    <div
      role={destructive ? "alert" : "status"}
      data-testid="toast"
      className={`${placement} flex items-start gap-3 rounded-md border px-4 py-3 ${tone}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="text-sm">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setVisible(false)}
          className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
          aria-label="Dismiss notification"
        >
          ×
        </button>
      ) : null}
    </div>
  );
}
