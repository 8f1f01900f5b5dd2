import { describe, expect, it } from "vitest";
import {
  CUSTOMER_DELIVERY_CHARGE_INVALID,
  CUT_OFF_TIME_INVALID,
  DELIVERY_CHARGE_INVALID,
  DELIVERY_CHARGE_REQUIRED,
  FREE_DELIVERY_OVER_INVALID,
  MINIMUM_ORDER_INVALID,
  customerDeliveryChargeField,
  orderingSettingsSchema,
} from "./ordering-settings.schema";

const messageOf = (input: unknown) => {
  const parsed = orderingSettingsSchema.safeParse(input);
  return parsed.success ? null : { field: parsed.error.issues[0]!.path.join("."), message: parsed.error.issues[0]!.message };
};

describe("orderingSettingsSchema", () => {
  it("reads pounds as pence, from a form's text or a JSON number, and blanks as never / none", () => {
    expect(orderingSettingsSchema.parse({ deliveryCharge: "7.50", freeDeliveryOver: "£150", minimumOrder: "", cutOffTime: "15:00" })).toEqual({
      deliveryCharge: 750,
      freeDeliveryOver: 15_000,
      minimumOrder: null,
      cutOffTime: "15:00",
    });
    expect(orderingSettingsSchema.parse({ deliveryCharge: 0, freeDeliveryOver: null, minimumOrder: 99.99, cutOffTime: "9:30" })).toEqual({
      deliveryCharge: 0,
      freeDeliveryOver: null,
      minimumOrder: 9_999,
      cutOffTime: "09:30",
    });
  });

  it("refuses each bad field with its own message", () => {
    expect(messageOf({ cutOffTime: "15:00" })).toEqual({ field: "deliveryCharge", message: DELIVERY_CHARGE_REQUIRED });
    expect(messageOf({ deliveryCharge: "-1", cutOffTime: "15:00" })).toEqual({ field: "deliveryCharge", message: DELIVERY_CHARGE_INVALID });
    expect(messageOf({ deliveryCharge: "7.505", cutOffTime: "15:00" })?.message).toBe(DELIVERY_CHARGE_INVALID);
    expect(messageOf({ deliveryCharge: "7.50", freeDeliveryOver: "0", cutOffTime: "15:00" })).toEqual({
      field: "freeDeliveryOver",
      message: FREE_DELIVERY_OVER_INVALID,
    });
    expect(messageOf({ deliveryCharge: "7.50", minimumOrder: "lots", cutOffTime: "15:00" })).toEqual({
      field: "minimumOrder",
      message: MINIMUM_ORDER_INVALID,
    });
    expect(messageOf({ deliveryCharge: "7.50", cutOffTime: "25:00" })).toEqual({ field: "cutOffTime", message: CUT_OFF_TIME_INVALID });
    expect(messageOf({ deliveryCharge: "7.50", cutOffTime: "3pm" })?.message).toBe(CUT_OFF_TIME_INVALID);
  });
});

describe("a customer's own delivery charge", () => {
  it("is pence, 0 allowed (always free), blank for the standard charge", () => {
    expect(customerDeliveryChargeField.parse("12.00")).toBe(1_200);
    expect(customerDeliveryChargeField.parse("0")).toBe(0);
    expect(customerDeliveryChargeField.parse("")).toBeNull();
    expect(customerDeliveryChargeField.parse(null)).toBeNull();
    const bad = customerDeliveryChargeField.safeParse("free");
    expect(bad.success ? null : bad.error.issues[0]!.message).toBe(CUSTOMER_DELIVERY_CHARGE_INVALID);
  });
});
