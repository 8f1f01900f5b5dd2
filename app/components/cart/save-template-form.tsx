import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field, inputClass } from "~/components/ui/field";
import {
  saveTemplateSchema,
  TEMPLATE_DESCRIPTION_MAX_LENGTH,
  TEMPLATE_NAME_MAX_LENGTH,
  TEMPLATE_NAME_REQUIRED,
  TEMPLATE_NAME_REQUIRED_DESCRIPTION,
} from "~/domain/cart/order-template.schema";

export type TemplateNotice = { title: string; description?: string };

export const SAVE_TEMPLATE_ACTION = "/cart?dialog=save-template";

/**
 * Name (required) and description (optional). It posts intent save-template to the cart page; without
 * JavaScript the server answers with the field messages, with JavaScript they show before posting. A
 * blank name also raises the notice "Name required" / "Please enter a name for your template.".
 */
export function SaveTemplateForm({
  lastResult,
  notice,
  idempotencyKey,
}: {
  lastResult?: SubmissionResult<string[]>;
  notice?: TemplateNotice | null;
  idempotencyKey: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-template";
  const [clientNotice, setClientNotice] = useState<TemplateNotice | null>(null);
  const [form, fields] = useForm({
    id: "save-template-form",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: saveTemplateSchema }),
  });
  const formProps = getFormProps(form);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const name = new FormData(event.currentTarget).get("name");
    setClientNotice(
      typeof name === "string" && name.trim() !== ""
        ? null
        : { title: TEMPLATE_NAME_REQUIRED, description: TEMPLATE_NAME_REQUIRED_DESCRIPTION },
    );
    formProps.onSubmit(event);
  }

  const shown = clientNotice ?? notice ?? null;

  return (
    <Form method="post" action={SAVE_TEMPLATE_ACTION} {...formProps} onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="intent" value="save-template" />
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {shown ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{shown.title}</p>
          {shown.description ? <p>{shown.description}</p> : null}
        </div>
      ) : null}
      <TemplateNameFields name={fields.name} description={fields.description} namePlaceholder="e.g. Weekly kitchen restock" />
      <div className="flex flex-wrap justify-end gap-3">
        <Link
          to="/cart"
          replace
          preventScrollReset
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
        >
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Template"}
        </Button>
      </div>
    </Form>
  );
}

/** A template's name (required) and description (optional): Save as Template's fields, and the templates page's Edit. */
export function TemplateNameFields({
  name,
  description,
  namePlaceholder,
}: {
  name: FieldMetadata<string>;
  description: FieldMetadata<unknown>;
  namePlaceholder?: string;
}) {
  const descriptionError = description.errors?.length ? `${description.id}-error` : undefined;
  return (
    <>
      <Field
        label="Template name"
        errors={name.errors}
        inputProps={{
          ...getInputProps(name, { type: "text" }),
          maxLength: TEMPLATE_NAME_MAX_LENGTH,
          placeholder: namePlaceholder,
          autoComplete: "off",
        }}
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
    </>
  );
}
