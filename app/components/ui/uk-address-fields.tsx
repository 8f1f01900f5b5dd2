import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "./field";

/** "(optional)" after a field's label, so only the fields that must be filled in read as plain labels. */
function Optional() {
  return <span className="font-normal text-slate-500">(optional)</span>;
}

type Line = FieldMetadata<string>;

/**
 * A delivery address in UK form: business name, lines 1 and 2, town, county and postcode (the checkout's
 * shipping fields and the address book's fields each pass their own). The server joins them into the
 * spec's address and city (users/uk-address.ts).
 */
export function UkAddressFields({
  fields,
}: {
  fields: { businessName: Line; line1: Line; line2: Line; town: Line; county: Line; postcode: Line };
}) {
  return (
    <>
      <Field
        label={<>Business name <Optional /></>}
        errors={fields.businessName.errors}
        inputProps={{ ...getInputProps(fields.businessName, { type: "text" }), autoComplete: "organization", maxLength: 100 }}
      />
      <Field
        label="Address line 1"
        errors={fields.line1.errors}
        inputProps={{ ...getInputProps(fields.line1, { type: "text" }), autoComplete: "address-line1" }}
      />
      <Field
        label={<>Address line 2 <Optional /></>}
        errors={fields.line2.errors}
        inputProps={{ ...getInputProps(fields.line2, { type: "text" }), autoComplete: "address-line2", maxLength: 200 }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Town or city"
          errors={fields.town.errors}
          inputProps={{ ...getInputProps(fields.town, { type: "text" }), autoComplete: "address-level2" }}
        />
        <Field
          label={<>County <Optional /></>}
          errors={fields.county.errors}
          inputProps={{ ...getInputProps(fields.county, { type: "text" }), autoComplete: "address-level1", maxLength: 40 }}
        />
        <Field
          label="Postcode"
          errors={fields.postcode.errors}
          hint="UK addresses only, for example LS1 6EN."
          inputProps={{
            ...getInputProps(fields.postcode, { type: "text" }),
            autoComplete: "postal-code",
            autoCapitalize: "characters",
            maxLength: 20,
          }}
        />
      </div>
    </>
  );
}
