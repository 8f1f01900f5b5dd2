import type { ReactNode } from "react";

/**
 * A screen's title, optional subtitle and its main actions on the right, level with the title. The actions
 * keep their width in one row (a long subtitle wraps instead); when they do not fit beside the title they
 * move, still one row where they can, under it. A form among them (a post button) lines up with the links,
 * and a filled button stands as tall as an outlined one (whose border adds 2 px).
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
      <div className="min-w-0 flex-[1_1_18rem]">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? (
        <div data-testid="page-header-actions" className="flex max-w-full flex-wrap items-center gap-2 [&>form]:flex [&_.inline-flex]:min-h-[2.375rem]">
          {actions}
        </div>
      ) : null}
    </div>
  );
}

/** A white panel with an optional heading row. */
export function Panel({
  title,
  actions,
  children,
  className = "",
  headingLevel = 2,
}: {
  title?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className={`rounded-lg border border-slate-200 bg-white shadow-sm ${className}`}>
      {title || actions ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          {title ? <Heading className="text-base font-semibold text-slate-900">{title}</Heading> : <span />}
          {actions}
        </div>
      ) : null}
      {children}
    </section>
  );
}
