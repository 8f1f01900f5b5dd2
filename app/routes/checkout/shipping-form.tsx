import {
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { UkAddressFields } from "~/components/ui/uk-address-fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { VOUCHER_FIELD } from "~/domain/loyalty/vouchers";
import { checkoutFormSchema, type CheckoutForm } from "~/domain/orders/order.schema";
import type { CheckoutFormValues } from "~/domain/orders/checkout.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import type { Toast } from "~/utils/session.server";
import { AddressPicker } from "./address-picker";
import { OrderDetailsFields } from "./order-details-fields";

export const CHECKOUT_PATH = "/checkout";

/** /checkout with the applied voucher and the picked saved address, each kept when the other changes. */
export function checkoutHref({
  voucher,
  address,
}: {
  voucher?: string | null;
  address?: number | null;
}) {
  const params = new URLSearchParams();
  if (voucher) params.set("voucher", voucher);
  if (address) params.set("address", String(address));
  const query = params.toString();
  return query ? `${CHECKOUT_PATH}?${query}` : CHECKOUT_PATH;
}

export type ActionData = {
  result?: SubmissionResult<string[]>;
  notice?: Toast;
  /** changes on every failed attempt, so the same notice shows again */
  attempt?: string;
  /** set by the browser when the reply never arrived */
  connectionLost?: true;
};

/**
 * The form's fields as typed (what the schema reads from them is CheckoutForm): the address in the UK
 * form's parts, as checkout.server.ts splits a stored one, and the order's own details.
 */
type CheckoutFields = CheckoutFormValues & {
  poReference: string;
  deliveryNotes: string;
  saveAddress: boolean;
  addressLabel: string;
};

type SavedAddresses = Parameters<typeof AddressPicker>[0]["addresses"];

export function ShippingForm({
  defaults,
  idempotencyKey,
  voucherCode,
  actionData,
  addresses,
  chosenAddressId,
  addressProblem,
  termsNote,
}: {
  defaults: CheckoutFormValues;
  idempotencyKey: string;
  voucherCode: string | null;
  actionData?: ActionData;
  addresses: SavedAddresses;
  chosenAddressId: number | null;
  addressProblem: string | null;
  termsNote: string;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.has("shippingName") === true;
  const [form, fields] = useForm<CheckoutFields, CheckoutForm>({
    id: "checkout-form",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: checkoutFormSchema }),
  });

  /** With JavaScript, a saved address fills the fields in place; the URL follows so the links keep it. */
  const pickAddress = (address: SavedAddresses[number]) => {
    const { parts } = address;
    form.update({ name: fields.shippingName.name, value: address.name });
    form.update({ name: fields.shippingBusinessName.name, value: parts.businessName });
    form.update({ name: fields.shippingAddress.name, value: parts.line1 });
    form.update({ name: fields.shippingAddressLine2.name, value: parts.line2 });
    form.update({ name: fields.shippingCity.name, value: parts.town });
    form.update({ name: fields.shippingCounty.name, value: parts.county });
    form.update({
      name: fields.shippingPostcode.name,
      value: address.postcode,
    });
    navigate(checkoutHref({ voucher: voucherCode, address: address.id }), {
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <>
      {addresses.length > 0 ? (
        <AddressPicker
          addresses={addresses}
          chosenId={chosenAddressId}
          voucherCode={voucherCode}
          problem={addressProblem}
          onPick={pickAddress}
        />
      ) : null}
      <Form
        method="post"
        // the voucher and the picked address stay in the URL so that a refused order shows the same page again
        action={checkoutHref({
          voucher: voucherCode,
          address: chosenAddressId,
        })}
        {...getFormProps(form)}
        noValidate
        className="mt-4 space-y-4"
        data-hydrated={hydrated ? "true" : undefined}
      >
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        {voucherCode ? (
          <input type="hidden" name={VOUCHER_FIELD} value={voucherCode} />
        ) : null}
        <FormError errors={form.errors} />
        <Field
          label="Full name"
          errors={fields.shippingName.errors}
          inputProps={{
            ...getInputProps(fields.shippingName, { type: "text" }),
            autoComplete: "name",
          }}
        />
        <Field
          label="Email"
          errors={fields.shippingEmail.errors}
          hint="We send the order confirmation here."
          inputProps={{
            ...getInputProps(fields.shippingEmail, { type: "email" }),
            autoComplete: "email",
          }}
        />
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">Delivery address</legend>
          <UkAddressFields
            fields={{
              businessName: fields.shippingBusinessName,
              line1: fields.shippingAddress,
              line2: fields.shippingAddressLine2,
              town: fields.shippingCity,
              county: fields.shippingCounty,
              postcode: fields.shippingPostcode,
            }}
          />
        </fieldset>
        <OrderDetailsFields fields={fields} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Placing order..." : "Place Order"}
        </Button>
        <p className="text-xs text-slate-500">
          {termsNote} Prices, VAT and stock are confirmed when you place the order.
        </p>
      </Form>
    </>
  );
}
