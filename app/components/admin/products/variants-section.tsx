import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { PackRuleFields } from "./pack-rule-fields";
import type { PackRuleFields as PackRuleFieldValues } from "~/domain/catalog/pack-rules";
import { Form, Link, useNavigation } from "@remix-run/react";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import {
  PRODUCT_INTENTS,
  VARIANT_NAME_MAX,
  VARIANTS_PER_PRODUCT_MAX,
  variantCreateSchema,
} from "~/domain/catalog/product.schema";
import { VariantBarcodesForm } from "./variant-barcodes-form";

export type VariantRow = { id: number; name: string; options: string[]; barcodes: Record<string, string[]> } & Partial<PackRuleFieldValues>;

/**
 * The variants of the product being edited: each with its options and a Delete that asks first (its own
 * URL, so it works without JavaScript), and a form to add one (name and comma-separated options).
 */
export function VariantsSection({
  productId,
  productName,
  variants,
  action,
  idempotencyKey,
  confirmDeleteId,
  deleteHref,
  cancelHref,
  lastResult,
  barcodesResult,
}: {
  productId: number;
  productName: string;
  variants: VariantRow[];
  action: string;
  idempotencyKey: string;
  confirmDeleteId: number | null;
  deleteHref: (variantId: number) => string;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]> | null;
  barcodesResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === PRODUCT_INTENTS.deleteVariant;
  const { form, fields, saving: adding } = useAdminForm({
    id: `variant-form-${productId}`,
    schema: variantCreateSchema,
    intent: PRODUCT_INTENTS.addVariant,
    lastResult,
    shouldValidate: "onSubmit",
    busyUntilIdle: true,
  });
  const full = variants.length >= VARIANTS_PER_PRODUCT_MAX;

  return (
    <section aria-labelledby="variants-heading" className="mt-6 border-t border-slate-200 pt-5">
      <h3 id="variants-heading" className="text-base font-semibold text-slate-900">
        Variants
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Options a customer chooses when ordering, such as Size or Colour. Up to {VARIANTS_PER_PRODUCT_MAX} per product.
      </p>

      {variants.length === 0 ? (
        <p className="mt-3 rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">
          No variants yet.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="variant-list">
          {variants.map((variant) => (
            <li key={variant.id} className="px-3 py-3" data-testid="variant-row">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">{variant.name}</p>
                  <ul className="mt-1 flex flex-wrap gap-1" aria-label={`${variant.name} options`}>
                    {variant.options.map((option) => (
                      <li key={option} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                        {option}
                      </li>
                    ))}
                  </ul>
                  <VariantPackRule variant={variant} />
                </div>
                {confirmDeleteId === variant.id ? null : (
                  <Link
                    to={deleteHref(variant.id)}
                    preventScrollReset
                    className="rounded-md border border-red-200 px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                    aria-label={`Delete variant ${variant.name}`}
                  >
                    Delete
                  </Link>
                )}
              </div>
              <VariantBarcodesForm
                productId={productId}
                variant={variant}
                action={action}
                idempotencyKey={idempotencyKey}
                lastResult={barcodesResult}
              />
              {confirmDeleteId === variant.id ? (
                <div role="alertdialog" aria-label="Confirm variant deletion" className="mt-3 rounded-md border border-red-200 bg-red-50 p-3">
                  <p className="text-sm text-red-900">
                    Delete the variant <strong>{variant.name}</strong> from {productName}? Customers will no longer be able to
                    choose it. Past orders keep the options they were placed with.
                  </p>
                  <Form method="post" action={action} className="mt-3 flex flex-wrap gap-2" preventScrollReset>
                    <HiddenFields
                      values={{
                        intent: PRODUCT_INTENTS.deleteVariant,
                        idempotencyKey,
                        productId: String(productId),
                        variantId: String(variant.id),
                      }}
                    />
                    <Button type="submit" variant="danger" className="px-3 py-1.5 text-xs" disabled={deleting}>
                      {deleting ? "Deleting..." : "Delete variant"}
                    </Button>
                    <Link
                      to={cancelHref}
                      preventScrollReset
                      className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50"
                    >
                      Keep it
                    </Link>
                  </Form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      {full ? (
        <p className="mt-4 text-sm text-slate-600">
          This product has {VARIANTS_PER_PRODUCT_MAX} variants, the most it can have. Delete one to add another.
        </p>
      ) : (
        <Form method="post" action={action} {...getFormProps(form)} className="mt-4 space-y-3" noValidate preventScrollReset>
          <h4 className="text-sm font-semibold text-slate-900">Add a variant</h4>
          <HiddenFields values={{ intent: PRODUCT_INTENTS.addVariant, idempotencyKey, productId: String(productId) }} />
          <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
            <Field
              label="Variant name"
              errors={fields.name.errors}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: VARIANT_NAME_MAX, placeholder: "Size", autoComplete: "off" }}
            />
            <Field
              label="Options"
              errors={fields.options.errors}
              hint="Separate options with commas, e.g. S, M, L"
              inputProps={{ ...getInputProps(fields.options, { type: "text" }), placeholder: "S, M, L", autoComplete: "off" }}
            />
          </div>
          <PackRuleFields fields={fields} forVariant />
          <div className="flex justify-end">
            <Button type="submit" variant="secondary" disabled={adding}>
              {adding ? "Adding..." : "Add variant"}
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** A variant's own pack rule fields, when it sets any ("Pack rule: case of 24 · multiple 24"). */
function VariantPackRule({ variant }: { variant: VariantRow }) {
  const parts = [
    variant.packLabel ?? null,
    variant.minOrderQuantity ? `min ${variant.minOrderQuantity}` : null,
    variant.orderMultiple ? `multiple ${variant.orderMultiple}` : null,
    variant.unitsPerPack ? `${variant.unitsPerPack} units per pack` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-1 text-xs text-slate-600">Pack rule: {parts.join(" · ")}</p>;
}
