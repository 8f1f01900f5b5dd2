import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import { VOUCHER_FIELD } from "~/domain/loyalty/vouchers";
import { checkoutFormSchema } from "~/domain/orders/order.schema";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import type { Toast } from "~/utils/session.server";

export const CHECKOUT_PATH = "/checkout";
const PATH = CHECKOUT_PATH;

export type ActionData = {
  result?: SubmissionResult<string[]>;
  notice?: Toast;
  /** changes on every failed attempt, so the same notice shows again */
  attempt?: string;
  /** set by the browser when the reply never arrived */
  connectionLost?: true;
};

type ShippingDefaults = {
  shippingName: string;
  shippingEmail: string;
  shippingAddress: string;
  shippingCity: string;
  shippingPostcode: string;
};

export function ShippingForm({
  defaults,
  idempotencyKey,
  voucherCode,
  actionData,
}: {
  defaults: ShippingDefaults;
  idempotencyKey: string;
  voucherCode: string | null;
  actionData?: ActionData;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = navigation.state === "submitting" && navigation.formData?.has("shippingName") === true;
  const [form, fields] = useForm({
    id: "checkout-form",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: checkoutFormSchema }),
  });

  return (
    <Form
      method="post"
      // the voucher stays in the URL so that a refused order shows the same summary again
      action={voucherCode ? `${PATH}?voucher=${encodeURIComponent(voucherCode)}` : PATH}
      {...getFormProps(form)}
      noValidate
      className="mt-4 space-y-4"
      data-hydrated={hydrated ? "true" : undefined}
    >
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
      {voucherCode ? <input type="hidden" name={VOUCHER_FIELD} value={voucherCode} /> : null}
      <FormError errors={form.errors} />
      <Field
        label="Full name"
        errors={fields.shippingName.errors}
        inputProps={{ ...getInputProps(fields.shippingName, { type: "text" }), autoComplete: "name" }}
      />
      <Field
        label="Email"
        errors={fields.shippingEmail.errors}
        hint="We send the order confirmation here."
        inputProps={{ ...getInputProps(fields.shippingEmail, { type: "email" }), autoComplete: "email" }}
      />
      <Field
        label="Address"
        errors={fields.shippingAddress.errors}
        inputProps={{ ...getInputProps(fields.shippingAddress, { type: "text" }), autoComplete: "street-address" }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="City"
          errors={fields.shippingCity.errors}
          inputProps={{ ...getInputProps(fields.shippingCity, { type: "text" }), autoComplete: "address-level2" }}
        />
        <Field
          label="Postcode"
          errors={fields.shippingPostcode.errors}
          inputProps={{ ...getInputProps(fields.shippingPostcode, { type: "text" }), autoComplete: "postal-code" }}
        />
      </div>
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Placing order..." : "Place Order"}
      </Button>
      <p className="text-xs text-slate-500">
        Your order is invoiced on 30-day terms. Prices, VAT and stock are confirmed when you place the order.
      </p>
    </Form>
  );
}
