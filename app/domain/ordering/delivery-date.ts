/**
 * When an order is expected to arrive. Pure and browser-safe: checkout shows the date the buyer would get if
 * they ordered now, and Place Order (or the approval of an order that waits for one) writes the same rule's
 * answer into the order's estimatedDelivery.
 *
 * The rule, in UK local time: an order placed on a working day before the wholesaler's cut-off time is
 * dispatched that day; any later one (after the cut-off, at a weekend or on a bank holiday) is dispatched on
 * the next working day. It is delivered on the working day after its dispatch: "order before 15:00 for
 * next-working-day delivery". Working days are Monday to Friday except England and Wales bank holidays.
 */
import { ENGLAND_AND_WALES_BANK_HOLIDAYS } from "./bank-holidays";
import { addDays, ukDayAndMinute } from "~/utils/uk-time";

const BANK_HOLIDAYS: ReadonlySet<string> = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS.map((holiday) => holiday.date));

/** The cut-off when none can be read: the settings' own default. */
export const DEFAULT_CUT_OFF_TIME = "15:00";

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "15:00" → 900 minutes after midnight; anything unreadable is the default cut-off. */
function minutesOf(cutOffTime: string): number {
  const match = HH_MM.exec(cutOffTime.trim()) ?? HH_MM.exec(DEFAULT_CUT_OFF_TIME)!;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** The UK calendar date ("2026-06-01") and minute of the day of an instant, summer time included. */
export const ukDateAndMinute: (instant: Date) => { date: string; minute: number } = ukDayAndMinute;

const nextDay = (date: string) => addDays(date, 1);

/** Monday to Friday and not a bank holiday. */
export function isWorkingDay(date: string, holidays: ReadonlySet<string> = BANK_HOLIDAYS): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The first working day after `date`. */
export function nextWorkingDay(date: string, holidays: ReadonlySet<string> = BANK_HOLIDAYS): string {
  let day = nextDay(date);
  while (!isWorkingDay(day, holidays)) day = nextDay(day);
  return day;
}

export type DeliveryPromise = {
  /** the working day the order leaves, YYYY-MM-DD */
  dispatchDate: string;
  /** the working day it is expected to arrive, YYYY-MM-DD */
  deliveryDate: string;
  /** placed on a working day before the cut-off, so it leaves the same day */
  beforeCutOff: boolean;
};

/** What checkout shows: the promise for an order placed now, and the cut-off that decided it. */
export type CheckoutDelivery = DeliveryPromise & { cutOffTime: string };

/** When an order placed at `placedAt` leaves and arrives, for a cut-off of `cutOffTime` ("HH:MM", UK time). */
export function deliveryPromise(
  placedAt: Date,
  cutOffTime: string,
  holidays: ReadonlySet<string> = BANK_HOLIDAYS,
): DeliveryPromise {
  const { date, minute } = ukDateAndMinute(placedAt);
  const beforeCutOff = isWorkingDay(date, holidays) && minute < minutesOf(cutOffTime);
  const dispatchDate = beforeCutOff ? date : nextWorkingDay(date, holidays);
  return { dispatchDate, deliveryDate: nextWorkingDay(dispatchDate, holidays), beforeCutOff };
}

/** The expected delivery date (YYYY-MM-DD) of an order placed (or approved) at `placedAt`. */
export function expectedDeliveryDate(placedAt: Date, cutOffTime: string, holidays?: ReadonlySet<string>): string {
  return deliveryPromise(placedAt, cutOffTime, holidays).deliveryDate;
}

const deliveryDateFormat = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "2-digit",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-06-02" → "Tue 02 Jun 2026": the weekday matters to someone booking a delivery in. */
export function formatDeliveryDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? date : deliveryDateFormat.format(day).replace(",", "");
}
