import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { Field } from "~/components/ui/field";
import { ADDRESSES_PATH } from "~/domain/users/delivery-address.schema";
import { DELIVERY_NOTES_MAX_LENGTH, PO_REFERENCE_MAX_LENGTH } from "~/domain/orders/order.schema";

type Fields = {
  poReference: FieldMetadata<string>;
  deliveryNotes: FieldMetadata<string>;
  saveAddress: FieldMetadata<boolean>;
  addressLabel: FieldMetadata<string>;
};

/** What a trade buyer adds to the order (their PO reference, notes for the driver) and keeping the address. */
export function OrderDetailsFields({ fields }: { fields: Fields }) {
  return (
    <>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
        <legend className="px-1 text-sm font-medium text-slate-800">Address book</legend>
        <div className="flex items-start gap-2">
          <input
            {...getInputProps(fields.saveAddress, { type: "checkbox" })}
            key={fields.saveAddress.key}
            className="mt-1"
          />
          <label htmlFor={fields.saveAddress.id} className="text-sm text-slate-800">
            Save this address to my address book
          </label>
        </div>
        <Field
          label="Label for this address"
          errors={fields.addressLabel.errors}
          hint={
            <>
              For example Yard or Site B. Manage your addresses in{" "}
              <Link to={ADDRESSES_PATH} className="font-medium text-brand-700 hover:underline">
                your address book
              </Link>
              .
            </>
          }
          inputProps={{ ...getInputProps(fields.addressLabel, { type: "text" }), maxLength: 60 }}
        />
      </fieldset>
      <Field
        label="Your PO reference"
        errors={fields.poReference.errors}
        hint="Optional. Printed on your invoice so your accounts team can match it."
        inputProps={{ ...getInputProps(fields.poReference, { type: "text" }), maxLength: PO_REFERENCE_MAX_LENGTH }}
      />
      <Field
        label="Delivery notes"
        errors={fields.deliveryNotes.errors}
        hint="Optional. For example a gate code or your opening hours."
        textareaProps={{ ...getTextareaProps(fields.deliveryNotes), rows: 3, maxLength: DELIVERY_NOTES_MAX_LENGTH }}
      />
    </>
  );
}
