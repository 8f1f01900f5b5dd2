/**
 * A product's code, small and muted under its name ("SKU HIVIS-VEST"): what a buyer types in quick order and
 * finds on invoices. Nothing when the product has no code.
 */
export function SkuLabel({ sku, className = "" }: { sku: string | null | undefined; className?: string }) {
  if (!sku) return null;
  return (
    <span className={`block font-mono text-xs text-slate-500 ${className}`} data-testid="sku">
      SKU {sku}
    </span>
  );
}
