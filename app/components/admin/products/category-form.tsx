import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { DialogActions } from "~/components/admin/form/form-bits";
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
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === PRODUCT_INTENTS.createCategory;
  const [form, fields] = useForm({
    id: "category-form",
    lastResult: lastResult ?? undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: categoryCreateSchema }),
  });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4" noValidate>
      <input type="hidden" name="intent" value={PRODUCT_INTENTS.createCategory} />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
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
