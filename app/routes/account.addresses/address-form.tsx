import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { DialogActions } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  ADDRESS_LABEL_MAX_LENGTH,
  deliveryAddressSchema,
  type DeliveryAddressInput,
} from "~/domain/users/delivery-address.schema";
import type { DeliveryAddressJson } from "~/domain/users/delivery-addresses.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

type Fields = { label: string; name: string; address: string; city: string; postcode: string; isDefault: boolean };

/**
 * The add form (in the page) and the edit form (in the `?edit=ID` dialog): the same fields, rules and
 * messages as the server's, checked in the browser first when JavaScript runs.
 */
export function AddressForm({
  address,
  action,
  idempotencyKey,
  lastResult,
  cancelHref,
}: {
  /** the address being edited (in the dialog, with Cancel going to `cancelHref`); none for the add form */
  address?: DeliveryAddressJson;
  action: string;
  idempotencyKey: string;
  lastResult?: SubmissionResult<string[]>;
  cancelHref?: string;
}) {
  const intent = address ? "edit" : "add";
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const [form, fields] = useForm<Fields, DeliveryAddressInput>({
    id: address ? `address-edit-${address.id}` : "address-add",
    lastResult,
    defaultValue: address
      ? { label: address.label, name: address.name, address: address.address, city: address.city, postcode: address.postcode }
      : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: deliveryAddressSchema }),
  });

  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      noValidate
      className="space-y-4"
      preventScrollReset
      data-hydrated={hydrated ? "true" : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      {address ? <input type="hidden" name="addressId" value={address.id} /> : null}
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      <FormError errors={form.errors} />
      <Field
        label="Label"
        errors={fields.label.errors}
        hint="Your name for it, for example Yard or Site B."
        inputProps={{ ...getInputProps(fields.label, { type: "text" }), maxLength: ADDRESS_LABEL_MAX_LENGTH }}
      />
      <Field
        label="Full name"
        errors={fields.name.errors}
        inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
      />
      <Field
        label="Address"
        errors={fields.address.errors}
        inputProps={{ ...getInputProps(fields.address, { type: "text" }), autoComplete: "street-address" }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="City"
          errors={fields.city.errors}
          inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }}
        />
        <Field
          label="Postcode"
          errors={fields.postcode.errors}
          inputProps={{ ...getInputProps(fields.postcode, { type: "text" }), autoComplete: "postal-code" }}
        />
      </div>
      {address?.isDefault ? (
        <p className="text-sm text-slate-600">This is your default delivery address.</p>
      ) : (
        <div className="flex items-center gap-2">
          <input {...getInputProps(fields.isDefault, { type: "checkbox" })} key={fields.isDefault.key} />
          <label htmlFor={fields.isDefault.id} className="text-sm text-slate-800">
            Use as my default delivery address
          </label>
        </div>
      )}
      {cancelHref ? (
        <DialogActions cancelHref={cancelHref} submitLabel="Save changes" saving={saving} />
      ) : (
        <div className="flex justify-end">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : "Add address"}
          </Button>
        </div>
      )}
    </Form>
  );
}
