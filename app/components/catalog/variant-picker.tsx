import { variantFieldName } from "~/domain/cart/cart-rules";
import type { VariantGroup } from "~/domain/catalog/product-detail";

/**
 * One group of option buttons per variant: real radio inputs (so the form posts without JavaScript),
 * drawn as buttons. `missing` marks the groups left without a choice after a submit attempt.
 */
export function VariantPicker({
  variants,
  missing,
  disabled = false,
  onChange,
}: {
  variants: readonly VariantGroup[];
  missing: readonly string[];
  disabled?: boolean;
  onChange?: () => void;
}) {
  if (variants.length === 0) return null;
  return (
    <div className="space-y-4">
      {variants.map((variant) => {
        const field = variantFieldName(variant.name);
        const isMissing = missing.includes(variant.name);
        return (
          <fieldset key={variant.name} aria-required="true" aria-invalid={isMissing ? true : undefined}>
            <legend className="text-sm font-medium text-slate-800">
              {variant.name}
              {isMissing ? <span className="ml-2 text-red-700">Choose a {variant.name.toLowerCase()}</span> : null}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {variant.options.map((option) => (
                <label key={option} className="relative">
                  <input
                    type="radio"
                    name={field}
                    value={option}
                    required
                    disabled={disabled}
                    onChange={onChange}
                    className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                  />
                  <span
                    className={`inline-flex min-w-11 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium transition peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2 peer-disabled:opacity-50 ${
                      isMissing ? "border-red-400 bg-white text-slate-800" : "border-slate-300 bg-white text-slate-800 hover:border-brand-600"
                    }`}
                  >
                    {option}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
