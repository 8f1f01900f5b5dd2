/** The demo customers' orders: planned and priced for each customer, then written as sales in date order. */
import type { OrderStatus } from "~db/schema";
import { unitPriceFor } from "~/domain/pricing/pricing";
import { nextInvoiceNumber, nextOrderNumber } from "~/domain/shared/numbering.server";
import { DAY, HOUR, ukDate } from "./calendar";
import { customerIdOf, documentTotals, type Demo, type PlannedLine, type PlannedOrder, type SeededProduct, type WrittenOrder } from "./context";
import { CUSTOMERS, type Activity } from "./people-data";
import type { Random } from "./random";
import { statusForAge, writeSale } from "./sales";

const CARRIERS = [
  { carrier: "DPD", number: (r: Random) => `1550${String(r.int(1e9, 9_999_999_999))}`, url: (n: string) => `https://track.dpd.co.uk/parcels/${n}` },
  { carrier: "Royal Mail Tracked 48", number: (r: Random) => `TT${r.int(100_000_000, 999_999_999)}GB`, url: (n: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}` },
  { carrier: "Parcelforce Worldwide", number: (r: Random) => `PB${r.int(1_000_000, 9_999_999)}`, url: (n: string) => `https://www.parcelforce.com/track-trace?trackNumber=${n}` },
];

/** A small customer's order stays under this (incl. VAT) so their lifetime spend stays below VIP. */
const SMALL_ORDER_CAP = 15_000;

/** Every customer's orders, priced for them, oldest first, with statuses that fit their age. */
export function planOrders(demo: Demo, buyerPrices: Map<number, number>): PlannedOrder[] {
  const { random, now, products } = demo;
  const planned: PlannedOrder[] = [];
  for (const customer of CUSTOMERS) {
    if (!customer.activity) continue;
    const { orders: count, fromDaysAgo, toDaysAgo, size } = customer.activity;
    const tierDiscount = customer.tier ? demo.tiers.get(customer.tier)!.discount : 0;
    const customPrices = customer.key === "buyer" ? buyerPrices : new Map<number, number>();
    const preferred = products.filter((p) => customer.buys.includes(p.category));
    for (let i = 0; i < count; i++) {
      const span = fromDaysAgo - toDaysAgo;
      const base = count === 1 ? fromDaysAgo : fromDaysAgo - Math.round((span * i) / (count - 1));
      const jitter = i === 0 || i === count - 1 ? 0 : random.int(-2, 2);
      let age = Math.min(fromDaysAgo, Math.max(toDaysAgo, base + jitter));
      // the newest three orders of an account that needs approval are still waiting for it
      const waiting = customer.requiresApproval ? i - (count - 3) : -1;
      if (waiting >= 0) age = [5, 2, toDaysAgo][waiting];
      planned.push({
        customer,
        userId: customerIdOf(demo, customer.key),
        index: i,
        createdAt: demo.daysAgo(age),
        status: waiting >= 0 ? "pending_approval" : "pending",
        lines: planLines(random, size, preferred, products, tierDiscount, customPrices),
      });
    }
  }
  planned.sort((a, b) => a.createdAt - b.createdAt);

  const forcedCancellations = new Set(["buyer:4", "buyer2:7", "pennine-bistro:10", "harbour-view:3"]);
  for (const order of planned) {
    if (order.status === "pending_approval") continue;
    const age = (now - order.createdAt) / DAY;
    if (forcedCancellations.has(`${order.customer.key}:${order.index}`)) order.status = "cancelled";
    else if (age > 3 && order.customer.activity?.size === "large" && random.chance(0.015)) order.status = "cancelled";
    else order.status = statusForAge(random, age);
  }
  ensureRecentStatuses(planned, now);
  return planned;
}

/**
 * The random draws depend on the time of day the seed runs, so on some days no recent order happens to be
 * pending, processing or shipped. The demo (and the screens it shows off) needs each: the newest orders
 * that can take a missing status, without taking away the last of another, are given it.
 */
function ensureRecentStatuses(planned: PlannedOrder[], now: number) {
  const wanted: { status: OrderStatus; minAge: number }[] = [
    { status: "pending", minAge: 0 },
    { status: "processing", minAge: 0 },
    { status: "shipped", minAge: 1 },
  ];
  for (const { status, minAge } of wanted) {
    if (planned.some((order) => order.status === status)) continue;
    const count = (s: OrderStatus) => planned.filter((order) => order.status === s).length;
    const candidate = [...planned]
      .reverse()
      .find(
        (order) =>
          order.status !== "pending_approval" &&
          order.status !== "cancelled" &&
          (now - order.createdAt) / DAY >= minAge &&
          (now - order.createdAt) / DAY < 10 &&
          count(order.status) > 1,
      );
    if (candidate) candidate.status = status;
  }
}

/** Chooses an order's lines from a customer's usual categories and prices them for that customer. */
function planLines(
  random: Random,
  size: Activity["size"],
  preferred: SeededProduct[],
  all: SeededProduct[],
  tierDiscount: number,
  customPrices: Map<number, number>,
): PlannedLine[] {
  const [minLines, maxLines] = size === "large" ? [3, 7] : size === "medium" ? [2, 5] : [1, 3];
  const chosen = new Set<SeededProduct>();
  const want = random.int(minLines, maxLines);
  while (chosen.size < want) chosen.add(random.chance(0.88) ? random.pick(preferred) : random.pick(all));

  const priceLine = (product: SeededProduct, quantity: number, selectedVariants: Record<string, string>): PlannedLine => ({
    product,
    quantity,
    selectedVariants,
    unitPrice: unitPriceFor({
      salesPrice: product.price,
      customPrice: customPrices.get(product.id) ?? null,
      tierDiscount,
      volumeRules: product.rules,
      quantity,
    }).finalPrice,
  });

  const lines = [...chosen].map((product) => {
    const scale = size === "large" ? 1 : size === "medium" ? 0.6 : 0.25;
    const max = product.price < 1000 ? 24 : product.price < 3000 ? 8 : 3;
    let quantity = Math.max(1, Math.round(random.int(1, max) * scale));
    // Bigger buyers often reach a volume break.
    if (size !== "small" && product.rules.length > 0 && random.chance(0.35)) {
      const rule = size === "large" && random.chance(0.2) ? product.rules[product.rules.length - 1] : product.rules[0];
      quantity = Math.max(quantity, rule.minQuantity);
    }
    const selectedVariants: Record<string, string> = {};
    for (const [name, options] of product.variants) selectedVariants[name] = random.pick(options);
    return priceLine(product, quantity, selectedVariants);
  });

  if (size === "small") {
    while (documentTotals(lines).total > SMALL_ORDER_CAP) {
      const last = lines[lines.length - 1];
      if (lines.length > 1) lines.pop();
      else if (last.quantity > 1) lines[0] = priceLine(last.product, last.quantity - 1, last.selectedVariants);
      else break;
    }
  }
  return lines;
}

function describeLine(line: PlannedLine) {
  const options = Object.entries(line.selectedVariants).map(([k, v]) => `${k}: ${v}`);
  return options.length ? `${line.product.name} (${options.join(", ")})` : line.product.name;
}

/** Orders with their items, invoices and loyalty points, numbered in date order. */
export function writeOrders(demo: Demo, planned: PlannedOrder[]): WrittenOrder[] {
  const { db, random, now } = demo;
  return planned.map((order) => {
    const customer = order.customer;
    const orderNumber = nextOrderNumber(db);
    const created = order.createdAt;
    const before = (at: number) => Math.min(now - HOUR, at);
    const approvedAt = customer.requiresApproval && order.status !== "pending_approval" ? created + random.int(1, 5) * HOUR : null;
    const cancelledAt = order.status === "cancelled" ? before(created + random.int(3, 26) * HOUR) : null;
    const shippedAt = order.status === "shipped" || order.status === "delivered" ? before(created + random.int(18, 30) * HOUR) : null;
    const deliveredAt = order.status === "delivered" ? before(created + random.int(2, 4) * DAY) : null;
    const carrier = shippedAt !== null && random.chance(0.75) ? random.pick(CARRIERS) : null;
    const trackingNumber = carrier ? carrier.number(random) : null;
    const lastChange = Math.max(created, approvedAt ?? 0, cancelledAt ?? 0, shippedAt ?? 0, deliveredAt ?? 0);
    const issueDate = ukDate(created);

    const sale = writeSale(demo.rows, {
      orderNumber,
      userId: order.userId,
      status: order.status,
      shipTo: {
        name: `${customer.firstName} ${customer.lastName}`,
        email: customer.email,
        address: `${customer.businessName}, ${customer.street}`,
        city: customer.city,
        postcode: customer.postcode,
      },
      trackingNumber,
      carrier: carrier?.carrier ?? null,
      trackingUrl: carrier && trackingNumber ? carrier.url(trackingNumber) : null,
      estimatedDelivery: shippedAt ? ukDate(shippedAt + 2 * DAY) : null,
      approvedAt,
      cancelledAt,
      deliveredAt,
      createdAt: created,
      updatedAt: lastChange,
      lines: order.lines.map((line) => ({
        productId: line.product.id,
        productName: line.product.name,
        sku: line.product.sku,
        description: describeLine(line),
        selectedVariants: line.selectedVariants,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        vatRate: line.product.vat,
      })),
      // An order awaiting approval has no invoice or points until it is approved.
      invoice:
        order.status === "pending_approval"
          ? null
          : { invoiceNumber: nextInvoiceNumber(db, issueDate), issueDate, issuedAt: approvedAt ?? created, paid: false },
    });

    return {
      ...order,
      id: sale.orderId,
      orderNumber,
      total: sale.totals.total,
      items: sale.itemIds.map((id, i) => ({ id, line: order.lines[i] })),
      invoiceId: sale.invoiceId,
      deliveredAt,
    };
  });
}
