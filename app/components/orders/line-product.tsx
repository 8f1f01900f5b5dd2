import type { ReactNode } from "react";

/** Chosen options as "Size: M, Colour: Red". */
export function variantsText(selected: Record<string, string>) {
  return Object.entries(selected)
    .map(([name, option]) => `${name}: ${option}`)
    .join(", ");
}

/** A line's product as a table cell shows it: its name, then its SKU and chosen options, then anything else. */
export function LineProduct({
  name,
  sku,
  selectedVariants,
  strong = true,
  children,
}: {
  name: string;
  sku: string | null;
  selectedVariants: Record<string, string>;
  strong?: boolean;
  children?: ReactNode;
}) {
  const detail = [sku ? `SKU ${sku}` : null, variantsText(selectedVariants)].filter(Boolean).join(" · ");
  return (
    <>
      <div className={strong ? "font-medium text-slate-900" : undefined}>{name}</div>
      {detail ? <div className="text-xs text-slate-500">{detail}</div> : null}
      {children}
    </>
  );
}
