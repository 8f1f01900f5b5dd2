import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useFirstFieldFocus } from "./first-field-focus";
import { useHydrated } from "./use-hydrated";

/**
 * A dialog whose open state is the URL (`/cart?dialog=save-template`, `?delete=12`), so it works without
 * JavaScript: the opening button is a link, and until the page is hydrated the content shows as a section
 * in the page (Headless UI renders through a portal, which does not exist on the server). Once hydrated it
 * is a modal; closing it (Escape, the backdrop, Cancel) goes to `closeHref`.
 */
export function UrlDialog({
  open,
  title,
  description,
  closeHref,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  closeHref: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const headingId = useId();
  const { initialFocus, contentRef } = useFirstFieldFocus();

  if (!hydrated) {
    if (!open) return null;
    return (
      <section
        aria-labelledby={headingId}
        className="mx-auto mt-6 max-w-lg rounded-xl border border-slate-300 bg-white p-6 shadow-md"
      >
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
        <div className="mt-4">{children}</div>
      </section>
    );
  }

  return (
    <Dialog
      open={open}
      initialFocus={initialFocus}
      onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
      className="fixed inset-0 z-40 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="relative w-full max-w-lg rounded-xl bg-white p-6 shadow-xl">
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
        <div className="mt-4" ref={contentRef}>
          {children}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
