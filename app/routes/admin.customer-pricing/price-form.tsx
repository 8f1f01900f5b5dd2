import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { DialogActions, HiddenFields, SelectField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { PickerFinder, ProductSelect } from "~/components/admin/option-pickers";
import { Field, FormError } from "~/components/ui/field";
import { customerPriceSchema } from "~/domain/pricing/pricing-rules.schema";
import type { loader } from "./route";

type Data = SerializeFrom<typeof loader>;

/** The create / edit form of a custom price, with the customer and product pickers' searches above it. */
export function PriceForm({
  row,
  data,
  hidden,
  keep,
  cancelHref,
  lastResult,
}: {
  row?: Data["rows"][number];
  data: Data;
  hidden: Record<string, string>;
  keep: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const intent = row ? "update" : "create";
  const { form, fields, saving } = useAdminForm({
    id: `customer-price-${row?.id ?? "new"}`,
    schema: customerPriceSchema,
    intent: intent,
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
      <PickerFinder
        name="product"
        label="Find a product"
        placeholder="Product name"
        search={data.productSearch}
        shown={data.products.length}
        total={data.productsTotal}
        limited={data.productsLimited}
        noun={["product", "products"]}
        keep={productKeep}
      />
      <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        <HiddenFields values={hidden} />
        <FormError errors={form.errors} />
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
        <DialogActions cancelHref={cancelHref} submitLabel={row ? "Update" : "Create"} saving={saving} />
      </Form>
    </>
  );
}
