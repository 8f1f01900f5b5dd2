import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useFirstFieldFocus } from "~/components/ui/first-field-focus";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * A back-office dialog whose open state is the URL (`?dialog=new`, `?edit=12`, `?delete=12`). Before
 * hydration (and always without JavaScript) the content is a section in the page; once hydrated it is a
 * modal, and closing it (Escape, the backdrop, Cancel) goes to `closeHref`.
 */
export function AdminDialog({
  open,
  title,
  description,
  closeHref,
  size = "md",
  focusFirstField = true,
  children,
}: {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  closeHref: string;
  size?: "md" | "lg";
  /** open with the keyboard on the first field (false for a record's view, which opens at its top) */
  focusFirstField?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const headingId = useId();
  const { initialFocus, contentRef } = useFirstFieldFocus();
  const width = size === "lg" ? "max-w-2xl" : "max-w-lg";

  if (!hydrated) {
    if (!open) return null;
    return (
      <section
        aria-labelledby={headingId}
        className={`mx-auto mb-6 ${width} rounded-lg border border-slate-300 bg-white p-5 shadow-md`}
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
      initialFocus={focusFirstField ? initialFocus : undefined}
      onClose={() => navigate(closeHref, { replace: true, preventScrollReset: true })}
      className="fixed inset-0 z-50 flex items-center justify-center p-3 sm:p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className={`relative max-h-[92vh] w-full ${width} overflow-y-auto rounded-lg bg-white p-5 shadow-xl`}>
        <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
        {description ? <div className="mt-1 text-sm text-slate-600">{description}</div> : null}
        <div className="mt-4" ref={contentRef}>
          {children}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
