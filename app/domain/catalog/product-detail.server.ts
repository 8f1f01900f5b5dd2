/**
 * One product, as the product page and the product API show it: the product with its category and variants,
 * the buyer's price and its breakdown, and the products shown around it.
 */
import { effectivePackRule, packRuleJson, type PackRuleFields } from "~/domain/catalog/pack-rules";
import { productPackColumns } from "~/domain/catalog/pack-rules.server";
import { and, asc, eq, inArray, ne, type SQL } from "drizzle-orm";
import { categories, products } from "~db/schema";
import {
  productJson,
  productRowColumns,
  toProductRow,
  withVariants,
  type ProductWithVariants,
} from "~/domain/catalog/catalog.server";
import type { CardPrice, ProductCardData } from "./catalog.schema";
import type { SessionUser } from "~/domain/users/user-accounts.server";
import type { DB } from "~/utils/db.server";
import { toDecimalString } from "~/utils/money";
import { fail, ok, type Failure, type Result } from "~/utils/result";
import type { UnitPrice } from "~/domain/pricing/pricing";
import { buyerFor, priceMany, priceOne, volumeStepsFor, type Buyer } from "~/domain/pricing/pricing.server";
import { effectiveVolumeRules, listVolumeSteps, type VolumeStep } from "./product-detail";
import { recommendationsFor } from "./recommendations.server";

export const PRODUCT_NOT_FOUND_MESSAGE = "Product not found";
const AWAITING_APPROVAL_PRICING_MESSAGE =
  "Your account is awaiting approval. Trade prices are available once it has been approved.";
const CUSTOMERS_ONLY_PRICING_MESSAGE = "Trade pricing is only available to approved customer accounts.";

/** Related product sections hold at most this many products. */
const RELATED_PRODUCTS_LIMIT = 4;

/** A product with its category and variants: the catalogue's row shape. */
export type ProductDetail = ProductWithVariants;

function findProduct(db: DB, where: SQL): ProductDetail | null {
  const row = db
    .select(productRowColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .get();
  if (!row) return null;
  return withVariants(db, [toProductRow(row)])[0] ?? null;
}

export function getProductBySlug(db: DB, slug: string): ProductDetail | null {
  return findProduct(db, eq(products.slug, slug));
}

export function getProductById(db: DB, id: number): ProductDetail | null {
  return findProduct(db, eq(products.id, id));
}

/** The spec's Product JSON (GET /api/products/{slug}); the cost price for admins only. */
export function productDetailJson(product: ProductDetail, { includeCost }: { includeCost: boolean }) {
  return productJson(product, { includeCost });
}

/** The short form a template load reads: GET /api/products/id/{id}. */
export function productSummaryJson(product: ProductDetail) {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    sku: product.sku,
    imageUrl: product.imageUrl,
    price: toDecimalString(product.salesPrice),
    vatRate: toDecimalString(product.vatRate),
    ...packRuleJson(effectivePackRule(product, product.variants)),
  };
}

/** Only approved customers have trade prices to ask for; null when this user may ask. */
export function pricingAccessFailure(user: SessionUser): Failure | null {
  if (user.role !== "customer") return fail(403, CUSTOMERS_ONLY_PRICING_MESSAGE);
  if (!user.isApproved) return fail(403, AWAITING_APPROVAL_PRICING_MESSAGE);
  return null;
}

/**
 * The pricing call: a signed-in approved customer's unit price for a quantity of a product.
 * Everyone else is refused, a customer awaiting approval with a message saying so.
 */
export function customerUnitPrice(
  db: DB,
  user: SessionUser,
  productId: number,
  quantity: number,
): Result<UnitPrice> {
  const refused = pricingAccessFailure(user);
  if (refused) return refused;
  const price = priceOne(db, buyerFor(db, user), productId, quantity);
  if (!price) return fail(404, PRODUCT_NOT_FOUND_MESSAGE);
  return ok(price);
}

/** Who is looking decides which prices the page can show. */
export type PricingAudience = "customer" | "guest" | "pending" | "staff";

function pricingAudience(user: SessionUser | null): PricingAudience {
  if (!user) return "guest";
  if (user.role !== "customer") return "staff";
  return user.isApproved ? "customer" : "pending";
}

export type PriceBreakdown = {
  audience: PricingAudience;
  /** the buyer's unit price for one unit; null when list prices apply */
  price: UnitPrice | null;
  /** the buyer's tier discount (hundredths), shown even when a customer price overrides it */
  tierDiscount: number;
  /**
   * Volume steps: for an approved customer, their own unit price at each step (none when their customer
   * price applies, since it is the price at any quantity); for everyone else, the list-price steps.
   */
  steps: VolumeStep[];
};

function priceBreakdown(db: DB, user: SessionUser | null, product: ProductDetail): PriceBreakdown {
  const audience = pricingAudience(user);
  const buyer = buyerFor(db, user);
  const rules = volumeStepsFor(db, product.id);
  if (!buyer) {
    return { audience, price: null, tierDiscount: 0, steps: listVolumeSteps(product.salesPrice, rules) };
  }
  const price = priceOne(db, buyer, product.id, 1);
  const steps: VolumeStep[] =
    price === null || price.customPrice !== null
      ? []
      : effectiveVolumeRules(rules).map((rule) => ({
          minQuantity: rule.minQuantity,
          discountPercentage: rule.discountPercentage,
          unitPrice: priceOne(db, buyer, product.id, rule.minQuantity)?.finalPrice ?? product.salesPrice,
        }));
  return { audience, price, tierDiscount: buyer.tierDiscount, steps };
}

export type PricedCard = { product: ProductCardData; price: CardPrice };

const cardColumns = {
  id: products.id,
  slug: products.slug,
  sku: products.sku,
  name: products.name,
  description: products.description,
  imageUrl: products.imageUrl,
  salesPrice: products.salesPrice,
  vatRate: products.vatRate,
  stockLevel: products.stockLevel,
  lowStockThreshold: products.lowStockThreshold,
  ...productPackColumns,
};

/** A card's row with its pack rule worked out (the card shows the rule, not the stored fields). */
function cardOf({ minOrderQuantity, orderMultiple, packLabel, unitsPerPack, ...row }: Omit<ProductCardData, "packRule"> & PackRuleFields): ProductCardData {
  return { ...row, packRule: effectivePackRule({ minOrderQuantity, orderMultiple, packLabel, unitsPerPack }) };
}

/** Cards priced for the buyer at quantity 1, as every product card is. */
function priceCards(db: DB, buyer: Buyer, cards: ProductCardData[]): PricedCard[] {
  const prices = priceMany(
    db,
    buyer,
    cards.map((card) => ({ productId: card.id, salesPrice: card.salesPrice, quantity: 1 })),
  );
  return cards.map((card) => ({ product: card, price: buyer ? (prices.get(card.id) ?? null) : null }));
}

/** Up to four other products of the product's category, by name. */
export function moreFromCategory(db: DB, product: ProductDetail, limit = RELATED_PRODUCTS_LIMIT): ProductCardData[] {
  if (product.categoryId === null) return [];
  return db
    .select(cardColumns)
    .from(products)
    .where(and(eq(products.categoryId, product.categoryId), ne(products.id, product.id)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(limit)
    .all()
    .map(cardOf);
}

/** Products by id, in the order of `ids`; ids without a product are skipped. */
function productCardsByIds(db: DB, ids: readonly number[]): ProductCardData[] {
  if (ids.length === 0) return [];
  const rows = db.select(cardColumns).from(products).where(inArray(products.id, [...ids])).all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [cardOf(row)] : [];
  });
}

export type ProductPage = {
  product: Omit<ProductDetail, "costPrice">;
  pricing: PriceBreakdown;
  frequentlyBoughtTogether: PricedCard[];
  moreFromCategory: PricedCard[];
};

/** Everything /products/{slug} shows, priced for the person looking; null for an unknown slug. */
export function loadProductPage(db: DB, user: SessionUser | null, slug: string): ProductPage | null {
  const found = getProductBySlug(db, slug);
  if (!found) return null;
  const { costPrice: _cost, ...product } = found;
  const buyer = buyerFor(db, user);
  const recommended = recommendationsFor(db, found.id);
  const together = productCardsByIds(db, recommended.ok ? recommended.value.map((r) => r.productId) : []);
  return {
    product,
    pricing: priceBreakdown(db, user, found),
    frequentlyBoughtTogether: priceCards(db, buyer, together),
    moreFromCategory: priceCards(db, buyer, moreFromCategory(db, found)),
  };
}
