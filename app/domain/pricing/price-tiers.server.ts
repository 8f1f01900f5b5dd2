/**
 * Price tiers: discount bands a customer can be put on (10% off every list price, say). The pricing engine
 * reads them on every request, so a change shows in the storefront's prices at once.
 *
 * Rules: tier names are unique (ignoring case). Deleting a tier moves its customers to no tier (the schema's
 * ON DELETE SET NULL).
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { priceTiers } from "~db/schema";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail } from "~/utils/result";
import { inputRecordCommands } from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import type { PriceTierInput } from "./pricing-rules.schema";

const TIER_NAME_TAKEN = "A price tier with this name already exists";
export const TIER_NOT_FOUND = "Price tier not found";

export type PriceTierRow = {
  id: number;
  name: string;
  description: string | null;
  discountPercentage: number;
  createdAt: Date;
  /** users on the tier */
  userCount: number;
};

function selectTiers(db: DB) {
  return db
    .select({
      id: priceTiers.id,
      name: priceTiers.name,
      description: priceTiers.description,
      discountPercentage: priceTiers.discountPercentage,
      createdAt: priceTiers.createdAt,
      // written out in full: inside a one-table select drizzle leaves column names unqualified. The customers on
      // a tier are the companies on it (a customer account is a company).
      userCount: sql<number>`(select count(*) from "companies" as "tier_companies" where "tier_companies"."price_tier_id" = "price_tiers"."id")`,
    })
    .from(priceTiers);
}

/** Every tier by name (tiers are few: a handful of discount bands). */
export function listPriceTiers(db: DB): PriceTierRow[] {
  return selectTiers(db).orderBy(asc(priceTiers.name), asc(priceTiers.id)).all();
}

export function getPriceTier(db: DB, id: number): PriceTierRow | null {
  return selectTiers(db).where(eq(priceTiers.id, id)).get() ?? null;
}

export function priceTierJson(tier: PriceTierRow) {
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    discountPercentage: toDecimalString(tier.discountPercentage),
    userCount: tier.userCount,
    createdAt: tier.createdAt.toISOString(),
  };
}

const nameTaken = fail(409, TIER_NAME_TAKEN, "name");

function tierNameTaken(db: DB, name: string, exceptId?: number) {
  const conditions = [sql`lower(${priceTiers.name}) = lower(${name})`];
  if (exceptId !== undefined) conditions.push(ne(priceTiers.id, exceptId));
  return Boolean(db.select({ id: priceTiers.id }).from(priceTiers).where(and(...conditions)).get());
}

const tiers = inputRecordCommands({
  entity: "price_tier",
  table: priceTiers,
  notFound: TIER_NOT_FOUND,
  get: getPriceTier,
  scopes: { create: REPEAT_SCOPE.priceTierCreate, update: REPEAT_SCOPE.priceTierUpdate, delete: REPEAT_SCOPE.priceTierDelete },
  unique: { constraint: "price_tiers.name", failure: nameTaken },
  problem: (tx, input: PriceTierInput, exceptId) => (tierNameTaken(tx, input.name, exceptId) ? nameTaken : null),
  columnsOf: (tier) => ({ name: tier.name, description: tier.description, discountPercentage: tier.discountPercentage }),
  createdDetails: (input) => ({ name: input.name, discountPercentage: input.discountPercentage }),
  onDelete: (tier): { details: Record<string, unknown>; deleted: DeletedTier } => ({
    details: { name: tier.name, discountPercentage: tier.discountPercentage, usersMoved: tier.userCount },
    deleted: { id: tier.id, name: tier.name, usersMoved: tier.userCount },
  }),
});

type DeletedTier = { id: number; name: string; usersMoved: number };

/** A new tier: 409 on field name when another tier has the name (ignoring case). */
export const createPriceTier = tiers.create;
/** Replaces a tier's fields: 404 unknown tier, 409 as createPriceTier. */
export const updatePriceTier = tiers.update;
/** Deletes a tier; its customers go back to list prices (no tier). 404 unknown tier. */
export const deletePriceTier = tiers.remove;
