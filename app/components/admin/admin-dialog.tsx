import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useNavigate } from "@remix-run/react";
import { useCallback, useId, useRef, type ReactNode } from "react";
import { restoreTyped, typedIn, type Typed } from "~/components/ui/carry-typed";
import { useFirstFieldFocus } from "~/components/ui/first-field-focus";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * A back-office dialog whose open state is the URL (`?dialog=new`, `?edit=12`, `?delete=12`). Before
 * hydration (and always without JavaScript) the content is a section in the page; once hydrated it is a
 * modal, and closing it (Escape, the backdrop, Cancel) goes to `closeHref`. What was typed into the section
 * before hydration is carried into the modal's fields.
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
  const sectionRef = useRef<HTMLElement | null>(null);
  const carried = useRef<Typed | null>(null);
  // the render that swaps the section for the modal still has the section's inputs in the document
  if (hydrated && sectionRef.current && carried.current === null) carried.current = typedIn(sectionRef.current);
  const panelRef = useCallback(
    (node: HTMLElement | null) => {
      contentRef(node);
      if (node && carried.current) {
        restoreTyped(node, carried.current);
        carried.current = new Map();
      }
    },
    [contentRef],
  );

  if (!hydrated) {
    if (!open) return null;
    return (
      <section
        ref={sectionRef}
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
        <div className="mt-4" ref={panelRef}>
          {children}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
