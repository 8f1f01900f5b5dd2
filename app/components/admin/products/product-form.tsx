import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { HiddenFields, SelectField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { ToastNotice } from "~/components/ui/toast";
import {
  CUSTOM_VAT_CHOICE,
  DESCRIPTION_MAX,
  PRODUCT_INTENTS,
  PRODUCT_NAME_MAX,
  PRODUCT_SKU_MAX,
  PRODUCT_SLUG_MAX,
  VAT_RATE_CHOICES,
  productFormSchema,
} from "~/domain/catalog/product.schema";
import { IMAGE_FIELD } from "~/domain/catalog/product-images";
import { slugify } from "~/utils/slug";
import { ImageUploadField } from "./image-upload-field";
import { BarcodesField } from "./barcodes-field";
import { PackRuleFields } from "./pack-rule-fields";
import type { Toast } from "~/utils/session.server";

export type ProductFormDefaults = {
  name: string;
  slug: string;
  sku: string;
  description: string;
  categoryId: string;
  costPrice: string;
  salesPrice: string;
  vatRateChoice: string;
  vatRateCustom: string;
  stockLevel: string;
  lowStockThreshold: string;
  imageUrl: string;
  supplierId: string;
  /** one code a line */
  barcodes: string;
  minOrderQuantity: string;
  orderMultiple: string;
  packLabel: string;
  unitsPerPack: string;
};

/** What the action answers to "Generate description" (the fetcher reads it with JavaScript). */
export type GenerateReply = { intent: typeof PRODUCT_INTENTS.generate; description?: string; notice: Toast; nonce: string };

const selectClass = `${inputClass} pr-8`;

/**
 * Add or edit a product. A plain form post: without JavaScript "Generate description" posts the form and the
 * page comes back with the text filled in; with JavaScript a fetcher asks for it and fills the box in place.
 * Money is typed in pounds; VAT is 20 / 5 / 0 % or a custom rate typed beside the choice.
 */
export function ProductForm({
  mode,
  action,
  closeHref,
  newCategoryHref,
  idempotencyKey,
  productId,
  defaults,
  categories,
  suppliers,
  lastResult,
}: {
  mode: "new" | "edit";
  action: string;
  closeHref: string;
  newCategoryHref: string;
  idempotencyKey: string;
  productId?: number;
  defaults: ProductFormDefaults;
  categories: { id: number; name: string }[];
  suppliers: { id: string; label: string }[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const saveIntent = mode === "new" ? PRODUCT_INTENTS.create : PRODUCT_INTENTS.update;
  const generatingWithoutFetcher = navigation.state !== "idle" && navigation.formData?.get("intent") === PRODUCT_INTENTS.generate;

  const { form, fields, saving } = useAdminForm({
    id: mode === "new" ? "product-form-new" : `product-form-${productId}`,
    schema: productFormSchema,
    intent: saveIntent,
    lastResult,
    defaultValue: defaults,
    busyUntilIdle: true,
  });

  // With JavaScript, "Generate description" asks the same action through a fetcher and fills the box.
  const fetcher = useFetcher<GenerateReply>();
  const generating = fetcher.state !== "idle" || generatingWithoutFetcher;
  const formRef = useRef<HTMLFormElement>(null);
  const [notice, setNotice] = useState<{ toast: Toast; nonce: string } | null>(null);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== "idle" || !reply || handled.current === reply.nonce) return;
    handled.current = reply.nonce;
    if (reply.description) form.update({ name: fields.description.name, value: reply.description });
    else formRef.current?.querySelector<HTMLInputElement>(`[name="${fields.name.name}"]`)?.focus();
    setNotice({ toast: reply.notice, nonce: reply.nonce });
  }, [fetcher.state, fetcher.data, form, fields.description.name, fields.name.name]);

  function generate(event: MouseEvent<HTMLButtonElement>) {
    if (!formRef.current) return;
    event.preventDefault();
    const data = new FormData(formRef.current);
    data.set("intent", PRODUCT_INTENTS.generate);
    data.delete(IMAGE_FIELD); // the text needs no picture

    fetcher.submit(data, { method: "post", action });
  }

  const vatChoice = String(fields.vatRateChoice.value ?? defaults.vatRateChoice);
  const nameValue = typeof fields.name.value === "string" ? fields.name.value : defaults.name;
  const slugPlaceholder = slugify(nameValue).slice(0, PRODUCT_SLUG_MAX) || "made-from-the-name";

  return (
    <>
      {notice ? <ToastNotice key={notice.nonce} toast={notice.toast} /> : null}
      <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)} ref={formRef} className="space-y-5" noValidate>
        {/* Enter in a text box saves; it must not generate a description */}
        <button type="submit" name="intent" value={saveIntent} className="sr-only" tabIndex={-1} aria-hidden="true">
          Save
        </button>
        <HiddenFields values={{ idempotencyKey, ...(productId ? { productId: String(productId) } : {}) }} />
        <FormError errors={form.errors} />

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Name"
            errors={fields.name.errors}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: PRODUCT_NAME_MAX, autoComplete: "off" }}
          />
          <Field
            label="Slug (optional)"
            errors={fields.slug.errors}
            hint="Leave blank to make it from the name."
            inputProps={{
              ...getInputProps(fields.slug, { type: "text" }),
              maxLength: PRODUCT_SLUG_MAX,
              placeholder: slugPlaceholder,
              autoComplete: "off",
              spellCheck: false,
            }}
          />
          <Field
            label="SKU (optional)"
            errors={fields.sku.errors}
            hint="The product code buyers type in quick order, e.g. HIVIS-VEST. Saved in capitals."
            inputProps={{
              ...getInputProps(fields.sku, { type: "text" }),
              maxLength: PRODUCT_SKU_MAX,
              autoComplete: "off",
              spellCheck: false,
            }}
          />
        </div>

        <div className="space-y-1">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={fields.description.id} className="block text-sm font-medium text-slate-800">
              Description
            </label>
            <Button
              type="submit"
              name="intent"
              value={PRODUCT_INTENTS.generate}
              variant="secondary"
              className="px-3 py-1.5 text-xs"
              formNoValidate
              onClick={generate}
              disabled={generating}
            >
              {generating ? "Generating..." : "Generate description"}
            </Button>
          </div>
          <textarea
            {...getTextareaProps(fields.description)}
            rows={5}
            maxLength={DESCRIPTION_MAX}
            className={inputClass}
            aria-invalid={fields.description.errors?.length ? true : undefined}
            aria-describedby={`${fields.description.id}-hint`}
          />
          {fields.description.errors?.length ? (
            <p className="text-sm text-red-700">{fields.description.errors[0]}</p>
          ) : (
            <p id={`${fields.description.id}-hint`} className="text-xs text-slate-500">
              Plain text. Generate description writes one from the name and category for you to edit.
            </p>
          )}
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Category"
            errors={fields.categoryId.errors}
            errorId={fields.categoryId.errorId}
            hint={
              <>
                Not listed?{" "}
                <Link to={newCategoryHref} className="font-semibold text-brand-700 hover:underline" preventScrollReset>
                  New category
                </Link>
              </>
            }
            selectProps={getSelectProps(fields.categoryId)}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Preferred supplier"
            errors={fields.supplierId.errors}
            errorId={fields.supplierId.errorId}
            hint="Used when purchase orders are generated."
            selectProps={getSelectProps(fields.supplierId)}
          >
            <option value="">None</option>
            {suppliers.map((supplier) => (
              <option key={supplier.id} value={supplier.id}>
                {supplier.label}
              </option>
            ))}
          </SelectField>
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Cost price (£)"
            errors={fields.costPrice.errors}
            inputProps={{ ...getInputProps(fields.costPrice, { type: "number" }), step: "0.01", min: 0, inputMode: "decimal" }}
          />
          <Field
            label="Sales price, ex VAT (£)"
            errors={fields.salesPrice.errors}
            inputProps={{ ...getInputProps(fields.salesPrice, { type: "number" }), step: "0.01", min: 0, inputMode: "decimal" }}
          />
          <div className="space-y-1">
            <label htmlFor={fields.vatRateChoice.id} className="block text-sm font-medium text-slate-800">
              VAT rate
            </label>
            <div className="flex gap-2">
              <select {...getSelectProps(fields.vatRateChoice)} className={selectClass}>
                {VAT_RATE_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
                <option value={CUSTOM_VAT_CHOICE}>Custom</option>
              </select>
              <input
                {...getInputProps(fields.vatRateCustom, { type: "number" })}
                step="0.01"
                min={0}
                max={100}
                inputMode="decimal"
                aria-label="Custom VAT rate (%)"
                placeholder="%"
                className={`${inputClass} w-24 ${vatChoice === CUSTOM_VAT_CHOICE ? "" : "opacity-60"}`}
              />
            </div>
            {fields.vatRateCustom.errors?.length || fields.vatRateChoice.errors?.length ? (
              <p className="text-sm text-red-700">{fields.vatRateCustom.errors?.[0] ?? fields.vatRateChoice.errors?.[0]}</p>
            ) : (
              <p className="text-xs text-slate-500">Standard 20%, reduced 5%, zero 0%; or choose Custom and type the rate.</p>
            )}
          </div>
        </div>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="Stock level"
            errors={fields.stockLevel.errors}
            inputProps={{ ...getInputProps(fields.stockLevel, { type: "number" }), step: 1, min: 0, inputMode: "numeric" }}
          />
          <Field
            label="Low-stock threshold"
            errors={fields.lowStockThreshold.errors}
            inputProps={{ ...getInputProps(fields.lowStockThreshold, { type: "number" }), step: 1, min: 0, inputMode: "numeric" }}
          />
          <Field
            label="Image URL"
            errors={fields.imageUrl.errors}
            inputProps={{ ...getInputProps(fields.imageUrl, { type: "url" }), placeholder: "https://…", inputMode: "url" }}
          />
        </div>

        <BarcodesField field={fields.barcodes} />
        <PackRuleFields fields={fields} />

        <ImageUploadField id={`${form.id}-image`} errors={form.allErrors[IMAGE_FIELD]} currentUrl={defaults.imageUrl} />

        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-4">
          <Link
            to={closeHref}
            preventScrollReset
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            Cancel
          </Link>
          <Button type="submit" name="intent" value={saveIntent} disabled={saving}>
            {saving ? "Saving..." : mode === "new" ? "Create product" : "Save changes"}
          </Button>
        </div>
      </Form>
    </>
  );
}
