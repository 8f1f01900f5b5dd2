/**
 * The "Delivery & ordering" settings: one schema for the back-office form (Conform) and PUT
 * /api/admin/settings/ordering. Money is typed in pounds ("7.50", or a JSON number) and comes out as pence;
 * a blank (or null) free-delivery value or minimum means "never" / "none". Browser-safe.
 */
import { z } from "zod";
import { addIssue, asText, moneyField, parseTwoPlaces, MONEY_MAX_PENCE } from "~/domain/pricing/pricing-rules.schema";

export const ORDERING_SETTINGS_SAVED = "Delivery & ordering settings saved";

export const DELIVERY_CHARGE_REQUIRED = "Delivery charge is required: 0.00 for free delivery";
export const DELIVERY_CHARGE_INVALID = "Delivery charge must be an amount in pounds of 0 or more, like 7.50";
export const FREE_DELIVERY_OVER_INVALID = "Free delivery value must be an amount in pounds above 0, like 150.00, or blank for never";
export const MINIMUM_ORDER_INVALID = "Minimum order must be an amount in pounds above 0, like 100.00, or blank for none";
export const CUT_OFF_TIME_REQUIRED = "Cut-off time is required";
export const CUT_OFF_TIME_INVALID = "Cut-off time must be a time of day on the 24-hour clock, like 15:00";
export const CUSTOMER_DELIVERY_CHARGE_INVALID =
  "Delivery charge must be an amount in pounds of 0 or more, like 5.00, or blank for the standard charge";

/** An amount in pounds (from `least` pence up), or null when blank: `invalidMessage` for anything else. */
function optionalMoney(invalidMessage: string, least: number) {
  return z.unknown().transform((value, ctx): number | null => {
    const text = asText(value);
    if (text === "") return null;
    const pence = parseTwoPlaces(value);
    if (pence === null || pence < least || pence > MONEY_MAX_PENCE) return addIssue(ctx, invalidMessage);
    return pence;
  });
}

/** A customer's own delivery charge: 0 or more (0 = always free for them), or null (blank) for the standard one. */
export const customerDeliveryChargeField = optionalMoney(CUSTOMER_DELIVERY_CHARGE_INVALID, 0);

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "15:00", "9:30" → "09:30"; a time of day on the 24-hour clock. */
const cutOffTimeField = z.unknown().transform((value, ctx): string => {
  const text = asText(value);
  if (text === "") return addIssue(ctx, CUT_OFF_TIME_REQUIRED);
  const padded = text !== null && /^\d:\d\d$/.test(text) ? `0${text}` : text;
  if (padded === null || !TIME_OF_DAY.test(padded)) return addIssue(ctx, CUT_OFF_TIME_INVALID);
  return padded;
});

/** The settings form and PUT /api/admin/settings/ordering. */
export const orderingSettingsSchema = z.object({
  deliveryCharge: moneyField(DELIVERY_CHARGE_REQUIRED, DELIVERY_CHARGE_INVALID),
  freeDeliveryOver: optionalMoney(FREE_DELIVERY_OVER_INVALID, 1),
  minimumOrder: optionalMoney(MINIMUM_ORDER_INVALID, 1),
  cutOffTime: cutOffTimeField,
});
export type OrderingSettingsInput = z.input<typeof orderingSettingsSchema>;

/** Until an admin saves the screen: free delivery, no minimum, a 3 pm cut-off. */
export const DEFAULT_ORDERING_SETTINGS = {
  deliveryChargePence: 0,
  freeDeliveryOverPence: null,
  minimumOrderPence: null,
  cutOffTime: "15:00",
} as const satisfies {
  deliveryChargePence: number;
  freeDeliveryOverPence: number | null;
  minimumOrderPence: number | null;
  cutOffTime: string;
};

const pence = z.number().int().min(0).max(MONEY_MAX_PENCE);

/** The stored row, read back: anything else falls back to the defaults. */
export const storedOrderingSettingsSchema = z.object({
  deliveryChargePence: pence,
  freeDeliveryOverPence: pence.positive().nullable(),
  minimumOrderPence: pence.positive().nullable(),
  cutOffTime: z.string().regex(TIME_OF_DAY),
});
