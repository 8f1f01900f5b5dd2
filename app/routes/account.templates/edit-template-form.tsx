import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { DialogActions } from "~/components/admin/form/form-bits";
import { TemplateNameFields } from "~/components/cart/save-template-form";
import { FormError } from "~/components/ui/field";
import { editTemplateFormSchema } from "~/domain/cart/order-template.schema";
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

  return (
    <Form method="post" action={listHref(pages, { edit: String(template.id) })} {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="templateId" value={template.id} />
      <input type="hidden" name="page" value={pages.page} />
      <input type="hidden" name="sharedPage" value={pages.sharedPage} />
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <FormError errors={form.errors} />
      <TemplateNameFields name={fields.name} description={fields.description} />
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
      <DialogActions cancelHref={listHref(pages)} submitLabel="Save changes" saving={saving} />
    </Form>
  );
}
