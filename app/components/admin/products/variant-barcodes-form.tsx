import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { VARIANT_BARCODES_INTENT } from "~/domain/catalog/barcode.schema";
import { BARCODES_PER_ITEM_MAX } from "~/domain/catalog/barcodes";

type Variant = { id: number; name: string; options: string[]; barcodes: Record<string, string[]> };

/**
 * The barcodes of each option of a variant (Size L → its EAN), one box per option, one code a line; a
 * plain form post. One code may be on several options or products: the counter's scanner asks which.
 */
export function VariantBarcodesForm({
  productId,
  variant,
  action,
  idempotencyKey,
  lastResult,
}: {
  productId: number;
  variant: Variant;
  action: string;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === VARIANT_BARCODES_INTENT &&
    navigation.formData?.get("variantId") === String(variant.id);
  const mine = lastResult?.initialValue?.variantId === String(variant.id) ? lastResult : null;
  const typed = mine?.initialValue?.codes;
  const typedCodes = Array.isArray(typed) ? typed : typeof typed === "string" ? [typed] : null;
  const error = mine ? Object.values(mine.error ?? {}).flat().find(Boolean) : null;
  if (variant.options.length === 0) return null;
  return (
    <details className="mt-2" open={Boolean(error)}>
      <summary className="cursor-pointer text-xs font-semibold text-brand-700">Barcodes of {variant.name} options</summary>
      <Form method="post" action={action} className="mt-2 space-y-2" preventScrollReset>
        <HiddenFields values={{ intent: VARIANT_BARCODES_INTENT, idempotencyKey, productId: String(productId), variantId: String(variant.id) }} />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {variant.options.map((option, index) => {
            const id = `variant-${variant.id}-barcodes-${index}`;
            return (
              <div key={option} className="space-y-1">
                <input type="hidden" name="option" value={option} />
                <label htmlFor={id} className="block text-xs font-medium text-slate-700">
                  {variant.name} {option}
                </label>
                <textarea
                  id={id}
                  name="codes"
                  rows={2}
                  className={`${inputClass} font-mono`}
                  defaultValue={typedCodes ? String(typedCodes[index] ?? "") : (variant.barcodes[option] ?? []).join("\n")}
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
            );
          })}
        </div>
        <p className="text-xs text-slate-500">One code a line, up to {BARCODES_PER_ITEM_MAX} per option.</p>
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" className="px-3 py-1.5 text-xs" disabled={saving}>
            {saving ? "Saving..." : `Save ${variant.name} barcodes`}
          </Button>
        </div>
      </Form>
    </details>
  );
}
