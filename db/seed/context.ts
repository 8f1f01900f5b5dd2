/** What the demo writer's steps share: the context, the products as written, and the documents' lines. */
import { lineTotals, type VolumeRule } from "~/domain/pricing/pricing";
import type { DB } from "~/utils/db.server";
import { slugify } from "~/utils/slug";
import type { OrderStatus } from "~db/schema";
import type { CategoryKey, SupplierKey, TierName } from "./catalog-data";
import type { CustomerSeed } from "./people-data";
import type { Random } from "./random";
import type { RowWriters, VariantGroup } from "./rows";

export type SeededProduct = {
  id: number;
  slug: string;
  sku: string;
  name: string;
  category: CategoryKey;
  supplier: SupplierKey | null;
  cost: number;
  price: number;
  vat: number;
  stock: number;
  threshold: number;
  variants: VariantGroup[];
  rules: VolumeRule[];
};

/** A priced line of any document: an order, an invoice, a purchase order. */
export type Line = { product: SeededProduct; quantity: number; unitPrice: number };

export type PlannedLine = Line & { selectedVariants: Record<string, string> };

export type PlannedOrder = {
  customer: CustomerSeed;
  userId: string;
  index: number; // within the customer's orders, oldest first
  createdAt: number;
  status: OrderStatus;
  lines: PlannedLine[];
};

export type WrittenOrder = PlannedOrder & {
  id: number;
  orderNumber: string;
  total: number;
  items: { id: number; line: PlannedLine }[];
  invoiceId: number | null;
  deliveredAt: number | null;
};

export type Demo = {
  db: DB;
  rows: RowWriters;
  random: Random;
  now: number;
  today: string;
  /** an instant that many days ago, during the working day */
  daysAgo: (days: number) => number;
  adminId: string;
  tiers: Map<TierName, { id: number; discount: number }>;
  supplierIds: Map<SupplierKey, string>;
  customerIds: Map<string, string>;
  products: SeededProduct[];
  accounts: { bank: number; pettyCash: number; creditCard: number };
  /** running balances of the money accounts */
  balances: Map<number, number>;
};

/** The totals of a document's lines, each line's VAT rounded on its own. */
export function documentTotals(lines: readonly Line[]) {
  return lineTotals(lines.map((l) => ({ unitPrice: l.unitPrice, quantity: l.quantity, vatRate: l.product.vat })));
}

export function customerIdOf(demo: Demo, key: string) {
  return demo.customerIds.get(key)!;
}

export function productNamed(demo: Demo, name: string) {
  const slug = slugify(name);
  const found = demo.products.find((p) => p.slug === slug);
  if (!found) throw new Error(`Seed data names an unknown product: ${name}`);
  return found;
}

export function moveMoney(demo: Demo, accountId: number, amount: number) {
  demo.balances.set(accountId, demo.balances.get(accountId)! + amount);
}

/** A document's lines as rows (the product's name for the caller to place), with the document's totals. */
export function documentLines(lines: readonly Line[]) {
  const totals = documentTotals(lines);
  const rows = lines.map((l, k) => ({
    productId: l.product.id,
    name: l.product.name,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    vatRate: l.product.vat,
    vatAmount: totals.lines[k].vat,
    total: totals.lines[k].net,
  }));
  return { totals, rows };
}
