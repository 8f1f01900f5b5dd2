/**
 * Customer-specific prices: an agreed price for one customer account (a company: every buyer of it gets the
 * price) and one product, which replaces the customer's
 * tier and volume discounts for that product. The pricing engine reads them on every request.
 *
 * Rules: a customer has at most one custom price per product (creating a second answers 409; edit the
 * first); custom prices are only for users with the customer role.
 */
import { and, asc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { customerPricing, products, users } from "~db/schema";
import { accountHolderOf, companyIdOfUser } from "~/domain/companies/companies.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail } from "~/utils/result";
import { productExists, productJson, UNKNOWN_PRODUCT } from "~/domain/shared/pickers.server";
import {
  containsPattern,
  inputRecordCommands,
  likeEscaped,
  pageOfQuery,
  type Page,
} from "~/domain/shared/record-store.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { ADMIN_RULES_PAGE_SIZE, type CustomerPriceInput, type RuleListQuery } from "./pricing-rules.schema";

export const CUSTOMER_PRICE_NOT_FOUND = "Custom pricing rule not found";
const NOT_A_CUSTOMER = "Choose a customer: custom prices are only for users with the customer role";
const CUSTOM_PRICE_EXISTS =
  "This customer already has a custom price for this product. Edit the existing rule instead.";

export type CustomerPriceRow = {
  id: number;
  companyId: number;
  /** the company's account holder (its first company admin): the API names the customer by a user id */
  userId: string;
  productId: number;
  customPrice: number;
  createdAt: Date;
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
  productName: string | null;
  productSalesPrice: number | null;
};

const accountHolder = accountHolderOf(customerPricing.companyId);

function selectCustomerPrices(db: DB) {
  return db
    .select({
      id: customerPricing.id,
      companyId: customerPricing.companyId,
      userId: sql<string>`${users.id}`,
      productId: customerPricing.productId,
      customPrice: customerPricing.customPrice,
      createdAt: customerPricing.createdAt,
      userEmail: users.email,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      productName: products.name,
      productSalesPrice: products.salesPrice,
    })
    .from(customerPricing)
    .leftJoin(users, eq(users.id, accountHolder))
    .leftJoin(products, eq(products.id, customerPricing.productId));
}

type CustomerPriceQuery = RuleListQuery & { userId?: string; productId?: number };

/** Custom prices by customer email, then product name; `q` searches email, customer name and product name. */
export function listCustomerPrices(
  db: DB,
  query: CustomerPriceQuery,
  pageSize = ADMIN_RULES_PAGE_SIZE,
): Page<CustomerPriceRow> {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const fullName = sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`;
    conditions.push(
      or(likeEscaped(users.email, pattern), likeEscaped(fullName, pattern), likeEscaped(products.name, pattern))!,
    );
  }
  if (query.userId !== undefined) conditions.push(eq(customerPricing.companyId, companyIdOfUser(query.userId)));
  if (query.productId !== undefined) conditions.push(eq(customerPricing.productId, query.productId));
  const rows = selectCustomerPrices(db)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(users.email), asc(products.name), asc(customerPricing.id));
  return pageOfQuery(db, rows.$dynamic(), query.page, pageSize);
}

export function getCustomerPrice(db: DB, id: number): CustomerPriceRow | null {
  return selectCustomerPrices(db).where(eq(customerPricing.id, id)).get() ?? null;
}

export function customerPriceJson(row: CustomerPriceRow) {
  return {
    id: row.id,
    userId: row.userId,
    productId: row.productId,
    customPrice: toDecimalString(row.customPrice),
    user:
      row.userEmail === null
        ? null
        : { email: row.userEmail, firstName: row.userFirstName, lastName: row.userLastName },
    product: productJson(row.productName, row.productSalesPrice),
    createdAt: row.createdAt.toISOString(),
  };
}

const priceExists = fail(409, CUSTOM_PRICE_EXISTS, "productId");

function customerPriceProblem(tx: DB, input: CustomerPriceInput, exceptId?: number) {
  const user = tx.select({ role: users.role, companyId: users.companyId }).from(users).where(eq(users.id, input.userId)).get();
  if (!user || user.role !== "customer" || user.companyId === null) return fail(400, NOT_A_CUSTOMER, "userId");
  if (!productExists(tx, input.productId)) return fail(400, UNKNOWN_PRODUCT, "productId");
  const conditions = [eq(customerPricing.companyId, user.companyId), eq(customerPricing.productId, input.productId)];
  if (exceptId !== undefined) conditions.push(ne(customerPricing.id, exceptId));
  if (tx.select({ id: customerPricing.id }).from(customerPricing).where(and(...conditions)).get()) return priceExists;
  return null;
}

function columnsOf(row: CustomerPriceRow) {
  return { userId: row.userId, productId: row.productId, customPrice: row.customPrice };
}

const prices = inputRecordCommands({
  entity: "customer_price",
  table: customerPricing,
  notFound: CUSTOMER_PRICE_NOT_FOUND,
  get: getCustomerPrice,
  scopes: {
    create: REPEAT_SCOPE.customerPriceCreate,
    update: REPEAT_SCOPE.customerPriceUpdate,
    delete: REPEAT_SCOPE.customerPriceDelete,
  },
  unique: { constraint: "customer_pricing.", failure: priceExists },
  problem: customerPriceProblem,
  // the price is the customer's company's
  toColumns: (input: CustomerPriceInput) => ({
    companyId: companyIdOfUser(input.userId),
    productId: input.productId,
    customPrice: input.customPrice,
  }),
  columnsOf,
  onDelete: (row) => ({
    details: columnsOf(row),
    deleted: { id: row.id, userEmail: row.userEmail, productName: row.productName },
  }),
});

/** A new custom price: 400 for a user who is not a customer or an unknown product, 409 when the customer has one. */
export const createCustomerPrice = prices.create;
/** Replaces a custom price's fields: 404 unknown rule, else as createCustomerPrice. */
export const updateCustomerPrice = prices.update;
/** Deletes a custom price (the customer pays their tier and volume prices again): 404 unknown rule. */
export const deleteCustomerPrice = prices.remove;
