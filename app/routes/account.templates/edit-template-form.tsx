import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError, inputClass } from "~/components/ui/field";
import { editTemplateFormSchema, TEMPLATE_DESCRIPTION_MAX_LENGTH, TEMPLATE_NAME_MAX_LENGTH } from "~/domain/cart/order-template.schema";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { listHref, type ListPages } from "./template-card";

/**
 * The Edit dialog's form: name, description and, when the cart has lines, "replace its products with my
 * cart's" (how a list is kept up to date: fill the cart as the list should be, then edit). It posts to the
 * dialog's own URL, so a refused form comes back open with its messages, with or without JavaScript.
 */
export function EditTemplateForm({
  template,
  pages,
  cartLineCount,
  idempotencyKey,
  lastResult,
}: {
  template: { id: number; name: string; description: string | null; shared: boolean };
  pages: ListPages;
  cartLineCount: number;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "edit";
  const [form, fields] = useForm({
    id: `edit-template-${template.id}`,
    lastResult,
    defaultValue: { name: template.name, description: template.description ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: editTemplateFormSchema }),
  });
  const description = fields.description;
  const descriptionError = description.errors?.length ? `${description.id}-error` : undefined;

  return (
    <Form method="post" action={listHref(pages, { edit: String(template.id) })} {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="templateId" value={template.id} />
      <input type="hidden" name="page" value={pages.page} />
      <input type="hidden" name="sharedPage" value={pages.sharedPage} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <FormError errors={form.errors} />
      <Field
        label="Template name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: TEMPLATE_NAME_MAX_LENGTH, autoComplete: "off" }}
      />
      <div className="space-y-1">
        <label htmlFor={description.id} className="block text-sm font-medium text-slate-800">
          Description (optional)
        </label>
        <textarea
          {...getTextareaProps(description)}
          rows={3}
          maxLength={TEMPLATE_DESCRIPTION_MAX_LENGTH}
          className={inputClass}
          aria-invalid={descriptionError ? true : undefined}
          aria-describedby={descriptionError}
        />
        {descriptionError ? (
          <p id={descriptionError} className="text-sm text-red-700">
            {description.errors?.[0]}
          </p>
        ) : null}
      </div>
      {cartLineCount > 0 ? (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" name="replaceLines" className="mt-0.5 h-4 w-4 rounded border-slate-300" />
          <span>
            Replace its products with the {cartLineCount} {cartLineCount === 1 ? "line" : "lines"} in my cart
            {template.shared ? " (everyone in your company loads the new list)" : ""}
          </span>
        </label>
      ) : (
        <p className="text-sm text-slate-600">
          To change its products, fill your{" "}
          <Link to="/cart" className="font-medium text-brand-700 hover:underline">
            cart
          </Link>{" "}
          as the list should be, then come back to Edit.
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Link
          to={listHref(pages)}
          replace
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </Form>
  );
}
