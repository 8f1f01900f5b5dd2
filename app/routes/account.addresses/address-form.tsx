import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { DialogActions } from "~/components/admin/form/form-bits";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { UkAddressFields } from "~/components/ui/uk-address-fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  ADDRESS_LABEL_MAX_LENGTH,
  deliveryAddressSchema,
  type DeliveryAddressInput,
} from "~/domain/users/delivery-address.schema";
import type { DeliveryAddressJson } from "~/domain/users/delivery-addresses.server";
import type { UkAddressParts } from "~/domain/users/uk-address";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";

type Fields = {
  label: string;
  name: string;
  businessName: string;
  /** line 1 */
  address: string;
  addressLine2: string;
  /** the town */
  city: string;
  county: string;
  postcode: string;
  isDefault: boolean;
};

/**
 * The add form (in the page) and the edit form (in the `?edit=ID` dialog): the same fields, rules and
 * messages as the server's, checked in the browser first when JavaScript runs.
 */
export function AddressForm({
  address,
  parts,
  action,
  idempotencyKey,
  lastResult,
  cancelHref,
}: {
  /** the address being edited (in the dialog, with Cancel going to `cancelHref`); none for the add form */
  address?: DeliveryAddressJson;
  /** the edited address in the UK form's fields (the route splits it, knowing the customer's business name) */
  parts?: UkAddressParts | null;
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
      ? {
          label: address.label,
          name: address.name,
          businessName: parts?.businessName ?? "",
          address: parts?.line1 ?? address.address,
          addressLine2: parts?.line2 ?? "",
          city: parts?.town ?? address.city,
          county: parts?.county ?? "",
          postcode: address.postcode,
        }
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
      <UkAddressFields
        fields={{
          businessName: fields.businessName,
          line1: fields.address,
          line2: fields.addressLine2,
          town: fields.city,
          county: fields.county,
          postcode: fields.postcode,
        }}
      />
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
