import { packSummary, type PackRule } from "~/domain/catalog/pack-rules";

/**
 * A product's pack rule in one line, for cards, the product page, the quick-order pad and the cart:
 * "Case of 6 · min 12 · £0.66 each". `price` is the unit of sale's price as the buyer sees it (on their VAT
 * basis), for the per-unit price. Nothing when the product has no rule.
 */
export function PackSummary({ rule, price, className = "text-sm text-slate-700" }: { rule: PackRule; price?: number | null; className?: string }) {
  const text = packSummary(rule, price);
  if (!text) return null;
  return (
    <p className={className} data-testid="pack-summary">
      {text}
    </p>
  );
}
