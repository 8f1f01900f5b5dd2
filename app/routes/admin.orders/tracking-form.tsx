import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { HiddenFields } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { formatCalendarDate, safeTrackingUrl } from "~/components/orders/format";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { trackingFormSchema } from "~/domain/orders/order-fulfilment.schema";
import type { OrderDetail, ScreenHidden } from "./orders-screen";

/** The detail's tracking form: all four fields, a blank one clears it. */
export function TrackingForm({
  order,
  hidden,
  lastResult,
}: {
  order: OrderDetail;
  hidden: ScreenHidden;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { form, fields, saving } = useAdminForm({
    id: `tracking-form-${order.id}`,
    schema: trackingFormSchema,
    intent: "tracking",
    lastResult,
    defaultValue: {
      trackingNumber: order.trackingNumber ?? "",
      carrier: order.carrier ?? "",
      trackingUrl: order.trackingUrl ?? "",
      estimatedDelivery: order.estimatedDelivery ?? "",
    },
  });
  const link = safeTrackingUrl(order.trackingUrl);
  return (
    <Form
      method="post"
      preventScrollReset
      {...getFormProps(form)}
      noValidate
      className="space-y-3 rounded-md border border-slate-200 p-3"
      aria-labelledby="order-tracking-heading"
    >
      <h3 id="order-tracking-heading" className="font-semibold text-slate-900">
        Tracking
      </h3>
      {order.trackingNumber || order.estimatedDelivery ? (
        <p className="text-slate-600">
          {order.carrier ? `${order.carrier}: ` : ""}
          {link ? (
            <a href={link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
              {order.trackingNumber || "Track parcel"}
            </a>
          ) : (
            order.trackingNumber
          )}
          {order.estimatedDelivery ? ` · estimated delivery ${formatCalendarDate(order.estimatedDelivery)}` : ""}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="tracking" />
      <input type="hidden" name="id" value={order.id} />
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Tracking number"
          errors={fields.trackingNumber.errors}
          inputProps={getInputProps(fields.trackingNumber, { type: "text" })}
        />
        <Field
          label="Carrier"
          errors={fields.carrier.errors}
          inputProps={getInputProps(fields.carrier, { type: "text" })}
        />
        <div className="sm:col-span-2">
          <Field
            label="Tracking URL"
            hint="A web address starting with http:// or https://"
            errors={fields.trackingUrl.errors}
            inputProps={getInputProps(fields.trackingUrl, { type: "url" })}
          />
        </div>
        <Field
          label="Estimated delivery"
          errors={fields.estimatedDelivery.errors}
          inputProps={getInputProps(fields.estimatedDelivery, { type: "date" })}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Update Tracking"}
        </Button>
      </div>
    </Form>
  );
}
