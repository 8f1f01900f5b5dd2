/**
 * The loyalty reward command, shared by the admin Loyalty Rewards form (Conform, browser and action) and the
 * JSON API. Browser-safe.
 *
 * rewardValue is stored in hundredths: a percentage for discount_percentage (1000 = 10%), pence for
 * discount_fixed; the other types carry no value. A free_product reward names its product.
 * Dates are UK calendar days: "valid from 5 Jan" starts at midnight in London, "valid until 5 Jan" lasts to
 * the end of that day. API clients may also send full ISO date-times, which are taken as they are.
 */
import { z } from "zod";
import { REWARD_TYPES } from "~db/schema";
import { formatMoney, formatPercent } from "~/utils/money";
import { addDays, calendarDayParts, ukDay, ukDayStartMs } from "~/utils/uk-time";
import {
  addIssue,
  apiPageSizeField,
  asText,
  optionalIdField,
  optionalTextField,
  parseTwoPlaces,
  PERCENT_MAX,
  MONEY_MAX_PENCE,
  requiredTextField,
  ruleListQuerySchema,
} from "~/domain/pricing/pricing-rules.schema";

export { REWARD_TYPES };
export type RewardType = (typeof REWARD_TYPES)[number];

export const REWARD_NAME_MAX = 200;
export const REWARD_DESCRIPTION_MAX = 1000;
const POINTS_COST_MAX = 10_000_000;
export const DEFAULT_POINTS_COST = 100;
export const DEFAULT_REWARD_TYPE: RewardType = "discount_percentage";
export const REWARDS_PAGE_SIZE = 25;

export const REWARD_TYPE_LABELS: Record<RewardType, string> = {
  discount_percentage: "Percentage Discount",
  discount_fixed: "Fixed Amount Discount",
  free_shipping: "Free Shipping",
  free_product: "Free Product",
};

/** Whether a type carries a value (the form shows the value box only for these). */
export function rewardTypeHasValue(type: string): type is "discount_percentage" | "discount_fixed" {
  return type === "discount_percentage" || type === "discount_fixed";
}

// ─── Texts (the spec's exact words) ─────────────────────────────────────────

export const REWARD_CREATED = "Reward created successfully";
export const REWARD_UPDATED = "Reward updated successfully";
export const REWARD_DELETED = "Reward deleted successfully";
export const REWARD_DELETE_FAILED = "Failed to delete reward";
export const NO_REWARDS = "No rewards yet";
export const CONFIRM_DELETE_REWARD = "Are you sure you want to delete this reward?";

export const NAME_REQUIRED = "Name is required";
const NAME_TOO_LONG = `Name must be at most ${REWARD_NAME_MAX} characters`;
const DESCRIPTION_TOO_LONG = `Description must be at most ${REWARD_DESCRIPTION_MAX} characters`;
export const POINTS_COST_MIN = "Points cost must be at least 1";
const POINTS_COST_TOO_LARGE = `Points cost must be at most ${POINTS_COST_MAX.toLocaleString("en-GB")}`;
export const REWARD_TYPE_INVALID = `Reward type must be one of ${REWARD_TYPES.join(", ")}`;
export const PERCENT_VALUE_REQUIRED = "Enter the percentage off for a percentage discount";
export const PERCENT_VALUE_INVALID = "Percentage must be more than 0 and at most 100, with at most two decimals";
const FIXED_VALUE_REQUIRED = "Enter the amount off for a fixed amount discount";
export const FIXED_VALUE_INVALID = "Amount must be more than £0.00, in pounds with at most two decimals";
export const FREE_PRODUCT_REQUIRED = "Choose the product a free product reward gives";
const PRODUCT_ID_INVALID = "Choose a product from the list";
const DATE_INVALID = "Enter a date as YYYY-MM-DD";
export const VALID_UNTIL_BEFORE_FROM = "Valid until must be after valid from";

// ─── UK calendar days ───────────────────────────────────────────────────────

/** Midnight in London at the start of a calendar day, or null when it is not a real day. */
export function londonDayStart(ymd: string): Date | null {
  return calendarDayParts(ymd) ? new Date(ukDayStartMs(ymd)) : null;
}

/** The last millisecond of a calendar day in London. */
export function londonDayEnd(ymd: string): Date | null {
  return calendarDayParts(ymd) ? new Date(ukDayStartMs(addDays(ymd, 1)) - 1) : null;
}

/** An instant as the London calendar day it falls on, "2025-01-05" (for a date input). */
export function londonDateInput(value: Date | string | null): string {
  if (value === null) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? "" : ukDay(date);
}

const displayDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/London",
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** An instant as "Jan 5, 2025" (the London calendar day). */
export function formatRewardDate(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? String(value) : displayDay.format(date);
}

/** "10% off" style value text: "10%" for a percentage, "£5.00" for a fixed amount, "" otherwise. */
export function formatRewardValue(type: string, value: number | null): string {
  if (value === null) return "";
  if (type === "discount_percentage") return formatPercent(value);
  if (type === "discount_fixed") return formatMoney(value);
  return "";
}

// ─── Fields ─────────────────────────────────────────────────────────────────

function dateField(edge: "start" | "end") {
  return z.unknown().transform((value, ctx): Date | null => {
    const text = asText(value);
    if (text === "") return null;
    if (text === null) return addIssue(ctx, DATE_INVALID);
    if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
      const date = edge === "start" ? londonDayStart(text) : londonDayEnd(text);
      return date ?? addIssue(ctx, DATE_INVALID);
    }
    // a full ISO date-time from an API client
    if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
      const date = new Date(text);
      if (!Number.isNaN(date.getTime())) return date;
    }
    return addIssue(ctx, DATE_INVALID);
  });
}

function pointsCostField(blank: "default" | "error") {
  return z.unknown().transform((value, ctx): number => {
    const text = asText(value);
    if (text === "") return blank === "default" ? DEFAULT_POINTS_COST : addIssue(ctx, POINTS_COST_MIN);
    if (text === null || !/^-?\d{1,12}$/.test(text)) return addIssue(ctx, POINTS_COST_MIN);
    const points = Number(text);
    if (points < 1) return addIssue(ctx, POINTS_COST_MIN);
    if (points > POINTS_COST_MAX) return addIssue(ctx, POINTS_COST_TOO_LARGE);
    return points;
  });
}

const rewardTypeField = z.unknown().transform((value, ctx): RewardType => {
  const text = asText(value);
  if (text === "") return DEFAULT_REWARD_TYPE;
  if (text === null || !(REWARD_TYPES as readonly string[]).includes(text)) return addIssue(ctx, REWARD_TYPE_INVALID);
  return text as RewardType;
});

const apiBoolean = z.unknown().transform((value, ctx): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return addIssue(ctx, "isActive must be true or false");
});

/** A ticked checkbox posts "on"; an unticked one posts nothing. */
const checkbox = z.unknown().transform((value) => value === "on" || value === "true" || value === true);

export type LoyaltyRewardInput = {
  name: string;
  description: string | null;
  pointsCost: number;
  rewardType: RewardType;
  rewardValue: number | null;
  productId: number | null;
  isActive: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
};

function rewardSchema(mode: "api" | "form") {
  return z
    .object({
      name: requiredTextField(NAME_REQUIRED, REWARD_NAME_MAX, NAME_TOO_LONG),
      description: optionalTextField(REWARD_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG, "Description must be text"),
      pointsCost: pointsCostField(mode === "api" ? "default" : "error"),
      rewardType: rewardTypeField,
      rewardValue: z.unknown(),
      productId: z.unknown(),
      isActive: mode === "api" ? apiBoolean : checkbox,
      validFrom: dateField("start"),
      validUntil: dateField("end"),
    })
    .transform((input, ctx): LoyaltyRewardInput => {
      const problem = (path: string, message: string) => {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
        return z.NEVER;
      };
      let rewardValue: number | null = null;
      if (rewardTypeHasValue(input.rewardType)) {
        const percent = input.rewardType === "discount_percentage";
        const text = asText(input.rewardValue);
        if (text === "") return problem("rewardValue", percent ? PERCENT_VALUE_REQUIRED : FIXED_VALUE_REQUIRED);
        const parsed = parseTwoPlaces(input.rewardValue);
        const max = percent ? PERCENT_MAX : MONEY_MAX_PENCE;
        if (parsed === null || parsed <= 0 || parsed > max) {
          return problem("rewardValue", percent ? PERCENT_VALUE_INVALID : FIXED_VALUE_INVALID);
        }
        rewardValue = parsed;
      }
      let productId: number | null = null;
      if (input.rewardType === "free_product") {
        const parsed = optionalIdField(PRODUCT_ID_INVALID).safeParse(input.productId);
        if (!parsed.success) return problem("productId", PRODUCT_ID_INVALID);
        if (parsed.data === null) return problem("productId", FREE_PRODUCT_REQUIRED);
        productId = parsed.data;
      }
      if (input.validFrom && input.validUntil && input.validUntil.getTime() <= input.validFrom.getTime()) {
        return problem("validUntil", VALID_UNTIL_BEFORE_FROM);
      }
      return {
        name: input.name,
        description: input.description,
        pointsCost: input.pointsCost,
        rewardType: input.rewardType,
        rewardValue,
        productId,
        isActive: input.isActive,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
      };
    });
}

/**
 * POST /api/admin/loyalty-rewards and PUT /api/admin/loyalty-rewards/{id}: absent pointsCost is 100,
 * absent rewardType is discount_percentage, absent isActive is true.
 */
export const loyaltyRewardSchema = rewardSchema("api");

/** The reward form: every field is posted; an unticked Active box is false, a blank points cost an error. */
export const loyaltyRewardFormSchema = rewardSchema("form");

/** GET /api/admin/loyalty-rewards ?page=&pageSize= */
export const rewardListApiQuerySchema = z.object({
  page: ruleListQuerySchema.shape.page,
  pageSize: apiPageSizeField,
});
