/**
 * The wholesaler's delivery and ordering settings: the delivery charge per order, the order value from
 * which delivery is free, the minimum order and the daily cut-off time. Kept as one JSON row of
 * install_settings; until an admin saves the "Delivery & ordering" screen the defaults keep orders as they
 * were before there were delivery charges (free delivery, no minimum).
 */
import { recordAudit } from "~/domain/shared/audit.server";
import { readJsonSetting, writeJsonSetting } from "~/domain/shared/install-settings.server";
import { writeTransaction, type DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { ok, type Result } from "~/utils/result";
import { DEFAULT_ORDERING_SETTINGS, orderingSettingsSchema, storedOrderingSettingsSchema } from "./ordering-settings.schema";
import type { z } from "zod";

export type OrderingSettings = {
  deliveryChargePence: number; // ex VAT, per order; 0 = free delivery (the default until an admin sets one)
  freeDeliveryOverPence: number | null; // ex-VAT goods value from which delivery is free; null = never
  minimumOrderPence: number | null; // ex-VAT goods value below which an order is refused; null = none (default)
  cutOffTime: string; // "HH:MM", UK local time; orders before it go out the next working day (default "15:00")
};

const ORDERING_SETTINGS_KEY = "ordering_settings";

export function orderingSettings(db: DB): OrderingSettings {
  const parsed = storedOrderingSettingsSchema.safeParse(readJsonSetting(db, ORDERING_SETTINGS_KEY));
  // a row that no longer reads (edited by hand, an older shape) falls back to the defaults rather than failing every checkout
  return parsed.success ? parsed.data : { ...DEFAULT_ORDERING_SETTINGS };
}

/** Saves the settings (already parsed by orderingSettingsSchema), with an audit record of before and after. */
export function saveOrderingSettings(
  db: DB,
  actor: { id: string },
  input: z.output<typeof orderingSettingsSchema>,
): Result<OrderingSettings> {
  const next: OrderingSettings = {
    deliveryChargePence: input.deliveryCharge,
    freeDeliveryOverPence: input.freeDeliveryOver,
    minimumOrderPence: input.minimumOrder,
    cutOffTime: input.cutOffTime,
  };
  return writeTransaction(db, (tx) => {
    const before = orderingSettings(tx);
    writeJsonSetting(tx, ORDERING_SETTINGS_KEY, next);
    recordAudit(tx, { actorId: actor.id, action: "settings.ordering.updated", entityType: "install_settings", entityId: ORDERING_SETTINGS_KEY, details: { before, after: next } });
    return ok(next);
  });
}

/** The settings as the API answers them: money as 2-decimal strings, null for "never" and "none". */
export function orderingSettingsJson(settings: OrderingSettings) {
  const money = (pence: number | null) => (pence === null ? null : toDecimalString(pence));
  return {
    deliveryCharge: toDecimalString(settings.deliveryChargePence),
    freeDeliveryOver: money(settings.freeDeliveryOverPence),
    minimumOrder: money(settings.minimumOrderPence),
    cutOffTime: settings.cutOffTime,
  };
}
