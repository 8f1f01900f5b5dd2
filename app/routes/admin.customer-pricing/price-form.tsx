import { getInputProps, getSelectProps } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { SelectField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { PickerFinder, ProductFinder, ProductSelect } from "~/components/admin/rule-form-fields";
import { RecordForm, type RecordFormProps } from "~/components/admin/record-screen";
import { Field } from "~/components/ui/field";
import { customerPriceSchema } from "~/domain/pricing/pricing-rules.schema";
import type { loader } from "./route";

type Data = SerializeFrom<typeof loader>;
type Row = Data["rows"][number];

/** The create / edit form of a custom price, with the customer and product pickers' searches above it. */
export function PriceForm({ record: row, data, hidden, keep, cancelHref, lastResult }: RecordFormProps<Row> & { data: Data }) {
  const { form, fields, saving } = useAdminForm({
    id: `customer-price-${row?.id ?? "new"}`,
    schema: customerPriceSchema,
    intent: row ? "update" : "create",
    lastResult,
    defaultValue: row
      ? { userId: row.userId, productId: String(row.productId), customPrice: row.customPrice }
      : { userId: "", productId: "", customPrice: "" },
  });
  // each search box keeps the other's term
  const customerKeep = { ...keep, ...(data.productSearch ? { product: data.productSearch } : {}) };
  const productKeep = { ...keep, ...(data.customerSearch ? { customer: data.customerSearch } : {}) };

  return (
    <>
      <PickerFinder
        name="customer"
        label="Find a customer"
        placeholder="Email, name or business"
        search={data.customerSearch}
        shown={data.customers.length}
        total={data.customersTotal}
        limited={data.customersLimited}
        noun={["customer", "customers"]}
        keep={customerKeep}
      />
      <ProductFinder picker={data} label="Find a product" keep={productKeep} />
      <RecordForm form={form} id={row?.id} hidden={hidden} cancelHref={cancelHref} saving={saving}>
        <SelectField
          label="Customer"
          hint="Only users with the customer role."
          errors={fields.userId.errors}
          errorId={fields.userId.errorId}
          selectProps={getSelectProps(fields.userId)}
        >
          <option value="">Select a customer</option>
          {data.customers.map((customer) => {
            const name = [customer.firstName, customer.lastName].filter(Boolean).join(" ");
            return (
              <option key={customer.id} value={customer.id}>
                {`${customer.email}${name ? ` (${name})` : ""}`}
              </option>
            );
          })}
        </SelectField>
        <ProductSelect field={fields.productId} products={data.products} />
        <Field
          label="Custom Price"
          hint="In pounds, excluding VAT, e.g. 16.50."
          errors={fields.customPrice.errors}
          inputProps={{ ...getInputProps(fields.customPrice, { type: "number" }), min: 0, step: 0.01, inputMode: "decimal" }}
        />
      </RecordForm>
    </>
  );
}
