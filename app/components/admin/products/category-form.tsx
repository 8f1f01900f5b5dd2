import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Field, FormError } from "~/components/ui/field";
import { CATEGORY_NAME_MAX, PRODUCT_INTENTS, categoryCreateSchema } from "~/domain/catalog/product.schema";

/** New category: a name (trimmed, not blank, unique); the slug is made from it. */
export function CategoryForm({
  action,
  closeHref,
  idempotencyKey,
  returnTo,
  lastResult,
}: {
  action: string;
  closeHref: string;
  idempotencyKey: string;
  /** the product form to go back to afterwards ("new" or "edit:12"), if any */
  returnTo: string | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { form, fields, saving } = useAdminForm({
    id: "category-form",
    schema: categoryCreateSchema,
    intent: PRODUCT_INTENTS.createCategory,
    lastResult,
    shouldValidate: "onSubmit",
    busyUntilIdle: true,
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4" noValidate>
      <HiddenFields
        values={{ intent: PRODUCT_INTENTS.createCategory, idempotencyKey, ...(returnTo ? { returnTo } : {}) }}
      />
      <FormError errors={form.errors} />
      <Field
        label="Category name"
        errors={fields.name.errors}
        hint="Shown in the storefront's Collections menu; its web address is made from the name."
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: CATEGORY_NAME_MAX, autoComplete: "off" }}
      />
      <DialogActions cancelHref={closeHref} submitLabel="Create category" saving={saving} />
    </Form>
  );
}
