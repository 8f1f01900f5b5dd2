/**
 * The cart's rules: one module behind the add-to-cart form, the cart page, checkout and the cart API
 * (how lines are stored, for guests and for users, is cart-lines.server.ts).
 *
 * A line is a product plus its chosen variants. Guests keep their lines in the server session (`guestCart`;
 * the caller commits the session); signed-in users keep them in cart_items, so the cart follows them across
 * devices, and a guest cart is merged in at sign-in.
 *
 * Prices are always the server's: getCart prices every line now through the pricing engine, with the
 * quantity of that product in the whole cart (all variants together) deciding the volume discount.
 * `priceWhenAdded` is the unit price the buyer last saw for the line (set whenever the buyer changes that
 * product's lines), so `priceChanged` flags only changes the buyer did not make themselves.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { cartItems, products, productVariants } from "~db/schema";
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { buyerFor, priceMany, type Buyer } from "~/domain/pricing/pricing.server";
import { lineTotals, type UnitPrice } from "~/domain/pricing/pricing";
import { unitsThatFit, type PackAdjustedLine } from "./cart-words";
import {
  checkPackQuantity,
  effectivePackRule,
  nearestValidQuantity,
  validQuantityBelow,
  type PackRule,
  type PackRuleFields,
} from "~/domain/catalog/pack-rules";
import type { DB } from "~/utils/db.server";
import { productPackColumns, variantPackColumns } from "~/domain/catalog/pack-rules.server";
import { fail, ok, type Success } from "~/utils/result";
import type { AppSession } from "~/utils/session.server";
import {
  MAX_LINE_QUANTITY,
  PRODUCT_NOT_FOUND,
  SELECT_ALL_OPTIONS,
  SELECT_ALL_OPTIONS_DESCRIPTION,
  variantKey,
  type AddToCartCommand,
  type SelectedVariants,
} from "./cart.schema";
import {
  type CartFailure,
  type CartOwner,
  type CartResult,
  LINE_NOT_IN_CART,
  MAX_CART_LINES,
  type StoredLine,
  changeCart,
  lineId,
  parseGuestLines,
  readLines,
  writeGuestLines,
} from "./cart-lines.server";

// ─── Products and prices ────────────────────────────────────────────────────

type CartProduct = {
  id: number;
  name: string;
  sku: string | null;
  slug: string;
  imageUrl: string | null;
  salesPrice: number;
  vatRate: number;
  stockLevel: number;
  lowStockThreshold: number;
} & PackRuleFields;

const productColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  slug: products.slug,
  imageUrl: products.imageUrl,
  salesPrice: products.salesPrice,
  vatRate: products.vatRate,
  stockLevel: products.stockLevel,
  lowStockThreshold: products.lowStockThreshold,
  ...productPackColumns,
};

function loadProducts(db: DB, ids: number[]): Map<number, CartProduct> {
  const found = new Map<number, CartProduct>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    for (const row of db.select(productColumns).from(products).where(inArray(products.id, chunk)).all()) {
      found.set(row.id, row);
    }
  }
  return found;
}

function quantityOfProduct(lines: StoredLine[], productId: number) {
  return lines.reduce((sum, line) => (line.productId === productId ? sum + line.quantity : sum), 0);
}

/** Current unit prices, each product priced at its total quantity across the given lines. */
function currentPrices(db: DB, buyer: Buyer, lines: StoredLine[], found: Map<number, CartProduct>) {
  const totals = new Map<number, number>();
  for (const line of lines) {
    if (found.has(line.productId)) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  }
  return priceMany(
    db,
    buyer,
    [...totals].map(([productId, quantity]) => ({
      productId,
      salesPrice: found.get(productId)!.salesPrice,
      quantity,
    })),
  );
}

/**
 * After the buyer changes a product's lines, those lines record the unit price the buyer now sees (a
 * volume step reached or lost is the buyer's own doing, not a price change to warn about).
 */
function repriceProducts(db: DB, buyer: Buyer, lines: StoredLine[], productIds: number[]) {
  const touched = new Set(productIds);
  const affected = lines.filter((line) => touched.has(line.productId));
  if (affected.length === 0) return;
  const found = loadProducts(db, [...touched]);
  const prices = currentPrices(db, buyer, affected, found);
  for (const line of affected) {
    const price = prices.get(line.productId);
    if (price) line.priceWhenAdded = price.finalPrice;
  }
}

// ─── Variants ───────────────────────────────────────────────────────────────

type VariantGroup = { name: string; options: string[] } & Partial<PackRuleFields>;

/** The pack rule of a product's lines: the product's, with its variants' overrides. */
export function lineRule(product: PackRuleFields, groups: readonly VariantGroup[]): PackRule {
  return effectivePackRule(product, groups);
}

function findKey(record: SelectedVariants, name: string): string | undefined {
  if (name in record) return name;
  const lower = name.toLowerCase();
  return Object.keys(record).find((key) => key.toLowerCase() === lower);
}

/**
 * Checks the buyer's choices against the product's variants and returns them in canonical spelling.
 * Every variant with options needs one of its options; names the product does not have are dropped.
 */
export function resolveVariants(groups: VariantGroup[], chosen: SelectedVariants): CartResult<SelectedVariants> {
  const resolved: SelectedVariants = {};
  let missing = false;
  for (const group of groups) {
    if (group.options.length === 0) continue;
    const key = findKey(chosen, group.name);
    const choice = key === undefined ? undefined : chosen[key];
    if (choice === undefined || choice === "") {
      missing = true;
      continue;
    }
    const option =
      group.options.find((candidate) => candidate === choice) ??
      group.options.find((candidate) => candidate.toLowerCase() === choice.toLowerCase());
    if (option === undefined) {
      return {
        ...fail(400, SELECT_ALL_OPTIONS, "variants"),
        description: `"${choice}" is not an option for ${group.name}. Choose one of: ${group.options.join(", ")}.`,
      };
    }
    resolved[group.name] = option;
  }
  if (missing) return { ...fail(400, SELECT_ALL_OPTIONS, "variants"), description: SELECT_ALL_OPTIONS_DESCRIPTION };
  return ok(resolved);
}

/** The variant groups of the products, in their display order (a query per 500 products). */
export function variantGroupsByProduct(db: DB, productIds: readonly number[]): Map<number, VariantGroup[]> {
  const groups = new Map<number, VariantGroup[]>();
  for (let i = 0; i < productIds.length; i += 500) {
    for (const row of db
      .select({
        productId: productVariants.productId,
        name: productVariants.name,
        options: productVariants.options,
        ...variantPackColumns,
      })
      .from(productVariants)
      .where(inArray(productVariants.productId, productIds.slice(i, i + 500)))
      .orderBy(asc(productVariants.position), asc(productVariants.id))
      .all()) {
      const list = groups.get(row.productId) ?? [];
      const { productId: _productId, ...group } = row;
      list.push(group);
      groups.set(row.productId, list);
    }
  }
  return groups;
}

function stockFailure(product: CartProduct, alreadyInCart: number): CartFailure {
  if (product.stockLevel <= 0) return fail(409, `${product.name} is out of stock`, "quantity");
  return {
    ...fail(409, `Only ${product.stockLevel} left in stock`, "quantity"),
    description:
      alreadyInCart > 0
        ? `You already have ${alreadyInCart} of ${product.name} in your cart.`
        : `There are not enough of ${product.name} in stock.`,
  };
}

// ─── Use-cases ──────────────────────────────────────────────────────────────

export type AddedToCart = {
  productId: number;
  productName: string;
  selectedVariants: SelectedVariants;
  /** units added by this command */
  quantity: number;
  /** the line's quantity afterwards */
  lineQuantity: number;
  /** the unit price (ex VAT) the line was recorded at */
  unitPrice: number;
  /** with `upTo`: the pack rule moved the asked quantity to a valid one (the rule's message says how) */
  packAdjusted?: { asked: number; message: string };
};

/**
 * One add of addManyToCart. With `upTo`, a line asking for more than there is takes what there is (the
 * short-line rule of reorders and templates) and fails only when nothing at all can go in.
 */
export type AddCommand = Pick<AddToCartCommand, "productId" | "quantity" | "selectedVariants"> & { upTo?: boolean };

/**
 * A command of addManyToCart that could not be applied; the product's name helps the caller say which. A
 * quantity the pack rule refuses carries `validQuantity`: the nearest quantity to add that the rule allows.
 */
export type AddFailure = CartFailure & { productName?: string; alreadyInCart?: number; validQuantity?: number };

/** A line's quantity the pack rule refuses: 400 on the quantity, naming the rule and the valid quantities. */
export function packFailure(rule: PackRule, productName: string, lineQuantity: number, existing = 0): AddFailure | null {
  const check = checkPackQuantity(rule, lineQuantity, productName);
  if (check.ok) return null;
  return {
    ...fail(400, check.message, "quantity"),
    productName,
    // the nearest valid line less what it holds; when that would add nothing, the next valid one up
    validQuantity: check.nearest > existing ? check.nearest - existing : check.above - existing,
  };
}

/**
 * With the short-line rule (reorders, templates): the quantity to add so the line holds a valid quantity,
 * the nearest to what was asked that stock allows, or 0 when no valid quantity fits.
 */
function packQuantityUpTo(rule: PackRule, existing: number, asked: number, fits: number): number {
  const nearest = nearestValidQuantity(rule, existing + asked);
  const most = validQuantityBelow(rule, existing + Math.max(0, fits));
  const line = nearest - existing <= fits ? nearest : most;
  return line === null ? 0 : Math.max(0, line - existing);
}

/**
 * Applies one add to the in-memory lines, with every rule of the cart: the product must exist and have all
 * its variants chosen; the same product with the same variants adds to that line, anything else is a new
 * line at the end; the product's total in the cart may not pass its stock; line and cart size limits.
 */
function applyAdd(
  lines: StoredLine[],
  product: CartProduct | undefined,
  groups: VariantGroup[],
  command: AddCommand,
): Success<AddedToCart> | AddFailure {
  if (!product) return fail(404, PRODUCT_NOT_FOUND, "productId");
  const variants = resolveVariants(groups, command.selectedVariants);
  if (!variants.ok) return { ...variants, productName: product.name };
  const inCart = quantityOfProduct(lines, product.id);
  const key = variantKey(variants.value);
  const existing = lines.find((line) => line.productId === product.id && line.variantKey === key);
  const rule = lineRule(product, groups);
  const fits = Math.min(product.stockLevel - inCart, MAX_LINE_QUANTITY - (existing?.quantity ?? 0));
  let quantity = command.quantity;
  let packAdjusted: AddedToCart["packAdjusted"];
  if (command.upTo) {
    const check = checkPackQuantity(rule, (existing?.quantity ?? 0) + command.quantity, product.name);
    if (check.ok) {
      quantity = unitsThatFit(command.quantity, fits);
    } else {
      quantity = packQuantityUpTo(rule, existing?.quantity ?? 0, command.quantity, fits);
      if (quantity > 0) packAdjusted = { asked: command.quantity, message: check.message };
      // stock there is, but not a whole valid quantity of it: the rule, not the stock, leaves the line out
      else if (fits > 0) return { ...fail(400, check.message, "quantity"), productName: product.name };
    }
  } else {
    const refused = packFailure(rule, product.name, (existing?.quantity ?? 0) + quantity, existing?.quantity ?? 0);
    if (refused) return refused;
  }
  if (product.stockLevel <= 0 || quantity <= 0 || inCart + quantity > product.stockLevel) {
    return { ...stockFailure(product, inCart), productName: product.name, alreadyInCart: inCart };
  }
  const lineQuantity = (existing?.quantity ?? 0) + quantity;
  if (lineQuantity > MAX_LINE_QUANTITY) {
    return { ...fail(409, `A cart line can hold at most ${MAX_LINE_QUANTITY} units`, "quantity"), productName: product.name };
  }
  if (!existing && lines.length >= MAX_CART_LINES) {
    return {
      ...fail(409, "Your cart is full", "productId"),
      description: `A cart holds at most ${MAX_CART_LINES} lines. Check out or remove some lines first.`,
      productName: product.name,
    };
  }
  if (existing) {
    existing.quantity = lineQuantity;
  } else {
    lines.push({
      productId: product.id,
      selectedVariants: variants.value,
      variantKey: key,
      quantity: lineQuantity,
      priceWhenAdded: null,
    });
  }
  return ok({
    productId: product.id,
    productName: product.name,
    selectedVariants: variants.value,
    quantity,
    lineQuantity,
    unitPrice: product.salesPrice,
    ...(packAdjusted ? { packAdjusted } : {}),
  });
}

/**
 * Adds many items in one read and one write of the cart (one transaction for users), in order, so the same
 * product twice adds up and stock counts what earlier items took. Each item succeeds or fails on its own:
 * a quick order of 500 lines is one commit, and a bad line does not stop the others.
 */
export function addManyToCart(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  commands: readonly AddCommand[],
): (Success<AddedToCart> | AddFailure)[] {
  let results: (Success<AddedToCart> | AddFailure)[] = [];
  const changed = changeCart(db, owner, (lines) => {
    const found = loadProducts(db, commands.map((command) => command.productId));
    const groups = variantGroupsByProduct(db, [...found.keys()]);
    results = commands.map((command) =>
      applyAdd(lines, found.get(command.productId), groups.get(command.productId) ?? [], command),
    );
    const touched = [...new Set(results.flatMap((result) => (result.ok ? [result.value.productId] : [])))];
    repriceProducts(db, buyer, lines, touched);
    for (const result of results) {
      if (!result.ok) continue;
      const line = lines.find(
        (l) => l.productId === result.value.productId && l.variantKey === variantKey(result.value.selectedVariants),
      );
      result.value.unitPrice = line?.priceWhenAdded ?? result.value.unitPrice;
    }
    return ok({ lines, value: null });
  });
  // refused before any item was tried (a viewer may not order): every item is refused for that reason
  if (!changed.ok && results.length === 0) return commands.map(() => changed as AddFailure);
  return results;
}

/** Adds one product to the cart; nothing changes on failure. */
export function addToCart(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  command: Pick<AddToCartCommand, "productId" | "quantity" | "selectedVariants">,
): CartResult<AddedToCart> {
  const [result] = addManyToCart(db, owner, buyer, [command]);
  return result;
}

export type LineRef = { productId: number; selectedVariants: SelectedVariants };
export type LineQuantityChanged = { productId: number; quantity: number; removed: boolean };

/**
 * Sets a line's quantity; 0 or less removes it. Raising it past the stock is refused; lowering it is
 * always allowed (it moves towards what can be delivered).
 */
export function setLineQuantity(
  db: DB,
  owner: CartOwner,
  buyer: Buyer,
  command: LineRef & { quantity: number },
): CartResult<LineQuantityChanged> {
  const key = variantKey(command.selectedVariants);
  return changeCart<LineQuantityChanged>(db, owner, (lines) => {
    const index = lines.findIndex((line) => line.productId === command.productId && line.variantKey === key);
    if (command.quantity <= 0) {
      if (index === -1) return ok({ lines, value: { productId: command.productId, quantity: 0, removed: false } });
      lines.splice(index, 1);
      repriceProducts(db, buyer, lines, [command.productId]);
      return ok({ lines, value: { productId: command.productId, quantity: 0, removed: true } });
    }
    if (index === -1) return fail(404, LINE_NOT_IN_CART);
    if (command.quantity > MAX_LINE_QUANTITY) {
      return fail(400, `Quantity must be at most ${MAX_LINE_QUANTITY}`, "quantity");
    }
    const line = lines[index];
    const product = loadProducts(db, [command.productId]).get(command.productId);
    if (!product) return fail(404, PRODUCT_NOT_FOUND, "productId");
    const groups = variantGroupsByProduct(db, [command.productId]).get(command.productId) ?? [];
    const refused = packFailure(lineRule(product, groups), product.name, command.quantity);
    if (refused) return refused;
    if (command.quantity > line.quantity) {
      const others = quantityOfProduct(lines, command.productId) - line.quantity;
      if (product.stockLevel <= 0 || others + command.quantity > product.stockLevel) {
        return stockFailure(product, others + line.quantity);
      }
    }
    line.quantity = command.quantity;
    repriceProducts(db, buyer, lines, [command.productId]);
    return ok({ lines, value: { productId: command.productId, quantity: command.quantity, removed: false } });
  });
}

/** Removes the line for a product plus variants. Removing a line that is already gone is not an error. */
export function removeLine(db: DB, owner: CartOwner, buyer: Buyer, ref: LineRef): CartResult<{ removed: boolean }> {
  const result = setLineQuantity(db, owner, buyer, { ...ref, quantity: 0 });
  return result.ok ? ok({ removed: result.value.removed }) : result;
}

/** Empties the cart. */
export function clearCart(db: DB, owner: CartOwner): void {
  if (owner.kind === "guest") {
    owner.session.unset("guestCart");
    return;
  }
  db.delete(cartItems).where(eq(cartItems.userId, owner.userId)).run();
}

/**
 * At sign-in: adds each guest line into the user's cart_items (same product and variants add up), repriced
 * at the user's own prices, then removes the guest cart from the session. Lines of products deleted since
 * are dropped. Returns how many guest lines were merged.
 */
export function mergeGuestCart(db: DB, session: AppSession, userId: string): GuestCartMerge {
  const guestLines = parseGuestLines(session.get("guestCart"));
  session.unset("guestCart");
  const adjusted: PackAdjustedLine[] = [];
  if (guestLines.length === 0) return { merged: 0, adjusted };
  const user = findSessionUser(db, userId);
  if (!user) return { merged: 0, adjusted };
  const buyer = buyerFor(db, user);
  const result = changeCart(db, { kind: "user", userId }, (lines) => {
    const existing = loadProducts(db, guestLines.map((line) => line.productId));
    const byId = new Map(lines.map((line) => [lineId(line), line]));
    const touched: number[] = [];
    const mergedLines = new Set<StoredLine>();
    let merged = 0;
    for (const guest of guestLines) {
      if (!existing.has(guest.productId)) continue;
      const same = byId.get(lineId(guest));
      if (same) {
        same.quantity = Math.min(MAX_LINE_QUANTITY, same.quantity + guest.quantity);
        mergedLines.add(same);
      } else {
        if (lines.length >= MAX_CART_LINES) continue;
        const line = { ...guest };
        lines.push(line);
        byId.set(lineId(line), line);
        mergedLines.add(line);
      }
      touched.push(guest.productId);
      merged += 1;
    }
    // a merged line keeps to its pack rule: moved to the nearest valid quantity (the reorder rule), and said so
    const groups = variantGroupsByProduct(db, touched);
    adjusted.length = 0;
    for (const line of mergedLines) {
      const product = existing.get(line.productId);
      if (!product) continue;
      const rule = lineRule(product, groups.get(line.productId) ?? []);
      if (checkPackQuantity(rule, line.quantity, product.name).ok) continue;
      const nearest = nearestValidQuantity(rule, line.quantity);
      const now = nearest <= MAX_LINE_QUANTITY ? nearest : (validQuantityBelow(rule, MAX_LINE_QUANTITY) ?? nearest);
      adjusted.push({ name: product.name, asked: line.quantity, added: now });
      line.quantity = now;
    }
    repriceProducts(db, buyer, lines, touched);
    return ok({ lines, value: merged });
  });
  return { merged: result.ok ? result.value : 0, adjusted: result.ok ? adjusted : [] };
}

/** What signing in did with a guest's cart: how many of its lines went in, and those moved to their pack size. */
export type GuestCartMerge = { merged: number; adjusted: PackAdjustedLine[] };

// ─── Reading the cart ───────────────────────────────────────────────────────

export type CartLine = {
  productId: number;
  productName: string;
  sku: string | null;
  productSlug: string;
  imageUrl: string | null;
  /** hundredths: 2000 = 20% */
  vatRate: number;
  stockLevel: number;
  lowStockThreshold: number;
  selectedVariants: SelectedVariants;
  /** canonical JSON of selectedVariants: with productId, the line's identity */
  variantKey: string;
  quantity: number;
  /** unit price ex VAT now, for this buyer, at the product's total quantity in the cart */
  unitPrice: number;
  /** how the unit price was reached (custom price, tier and volume discounts) */
  price: UnitPrice;
  priceWhenAdded: number | null;
  /** the unit price differs from the one the buyer last saw for this line */
  priceChanged: boolean;
  /** quantity × unitPrice, ex VAT */
  lineTotal: number;
  /** VAT on lineTotal, rounded half-up */
  vatAmount: number;
  /** the pack rule of the line (minimum, multiple, pack label, units per pack) */
  packRule: PackRule;
  /** the rule's message when the line's quantity breaks it (the rule changed since it was added), else null */
  packIssue: string | null;
};

function linePack(product: CartProduct, groups: readonly VariantGroup[], quantity: number) {
  const packRule = lineRule(product, groups);
  const check = checkPackQuantity(packRule, quantity, product.name);
  return { packRule, packIssue: check.ok ? null : check.message };
}

/** A line whose product no longer exists: left out of the cart and reported once. */
export type DroppedCartLine = { productId: number; selectedVariants: SelectedVariants; quantity: number };

export type Cart = {
  lines: CartLine[];
  /** total units, for the header badge */
  itemCount: number;
  subtotal: number;
  vatAmount: number;
  total: number;
  /** lines dropped because their product was deleted (for guests they are removed from the session too) */
  droppedLines: DroppedCartLine[];
};


/**
 * The cart priced now: each line at the buyer's current unit price (the product's total quantity across its
 * variants decides the volume discount), VAT per line, and totals that are sums of the rounded lines.
 * When a guest's lines are dropped the session changes: commit it.
 */
export function getCart(db: DB, owner: CartOwner, buyer: Buyer): Cart {
  const stored = readLines(db, owner);
  const found = loadProducts(db, stored.map((line) => line.productId));
  const present = stored.filter((line) => found.has(line.productId));
  const droppedLines = stored
    .filter((line) => !found.has(line.productId))
    .map(({ productId, selectedVariants, quantity }) => ({ productId, selectedVariants, quantity }));
  if (droppedLines.length > 0 && owner.kind === "guest") writeGuestLines(owner.session, present);

  const prices = currentPrices(db, buyer, present, found);
  const groups = variantGroupsByProduct(db, [...new Set(present.map((line) => line.productId))]);
  const priced = present.map((line) => {
    const product = found.get(line.productId)!;
    const price = prices.get(line.productId)!;
    return { line, product, price };
  });
  const totals = lineTotals(
    priced.map(({ line, product, price }) => ({
      unitPrice: price.finalPrice,
      quantity: line.quantity,
      vatRate: product.vatRate,
    })),
  );
  const lines: CartLine[] = priced.map(({ line, product, price }, index) => ({
    productId: product.id,
    productName: product.name,
    sku: product.sku,
    productSlug: product.slug,
    imageUrl: product.imageUrl,
    vatRate: product.vatRate,
    stockLevel: product.stockLevel,
    lowStockThreshold: product.lowStockThreshold,
    selectedVariants: line.selectedVariants,
    variantKey: line.variantKey,
    quantity: line.quantity,
    unitPrice: price.finalPrice,
    price,
    priceWhenAdded: line.priceWhenAdded,
    priceChanged: line.priceWhenAdded !== null && line.priceWhenAdded !== price.finalPrice,
    lineTotal: totals.lines[index].net,
    vatAmount: totals.lines[index].vat,
    ...linePack(product, groups.get(product.id) ?? [], line.quantity),
  }));
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: totals.subtotal,
    vatAmount: totals.vatAmount,
    total: totals.total,
    droppedLines,
  };
}
