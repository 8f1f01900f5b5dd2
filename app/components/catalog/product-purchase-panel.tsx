import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  coerceAddQuantity,
  SELECT_ALL_OPTIONS,
  SELECT_ALL_OPTIONS_DESCRIPTION,
  VARIANT_FIELD_PREFIX,
} from "~/domain/cart/cart-rules";
import type { UnitPrice } from "~/domain/pricing/pricing";
import { lineTotals } from "~/domain/pricing/pricing";
import {
  isDiscounted,
  missingVariants,
  shownUnitPrice,
  type VariantGroup,
  type VolumeStep,
} from "~/domain/catalog/product-detail";
import { stockState } from "~/domain/catalog/stock";
import { BASIS_LABELS, priceOnBasis } from "~/domain/pricing/price-basis";
import { useMayOrder, usePriceBasis, useRootData } from "~/root";
import { VIEWER_LINE } from "~/domain/companies/company-roles";
import { formatMoney, parseDecimalToHundredths } from "~/utils/money";
import { Button } from "~/components/ui/button";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { isConnectionLost } from "~/utils/connection";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { PriceBreakdown, type BreakdownAudience } from "./price-breakdown";
import { StockBadge } from "./product-card";
import { QuantityInput } from "./quantity-input";
import { PackSummary } from "./pack-summary";
import { effectivePackRule, packUnitName, type PackRuleFields } from "~/domain/catalog/pack-rules";
import { VariantPicker } from "./variant-picker";

/** How long the button says "Added to Cart!" after a successful add. */
export const ADDED_TO_CART_FLASH_MS = 2000;
/** Wait for typing to settle before asking for the price of a new quantity. */
const PRICING_DEBOUNCE_MS = 250;

export const PRICING_FAILED_MESSAGE = "Failed to fetch pricing";

export type PurchaseProduct = {
  id: number;
  slug: string;
  name: string;
  salesPrice: number;
  vatRate: number;
  stockLevel: number;
  lowStockThreshold: number;
  variants: readonly (VariantGroup & Partial<PackRuleFields>)[];
} & PackRuleFields;

export type PurchasePricing = {
  audience: BreakdownAudience;
  /** the buyer's price for one unit; null for list prices */
  price: UnitPrice | null;
  tierDiscount: number;
  steps: readonly VolumeStep[];
};

/** The pricing call's JSON back into pence and hundredths; null when it is not that shape. */
function parseUnitPriceJson(body: unknown): UnitPrice | null {
  if (typeof body !== "object" || body === null) return null;
  const record = body as Record<string, unknown>;
  const read = (key: string) => (typeof record[key] === "string" ? parseDecimalToHundredths(record[key] as string) : null);
  const finalPrice = read("finalPrice");
  const tierDiscount = read("tierDiscount");
  const volumeDiscount = read("volumeDiscount");
  const customPrice = record.customPrice === null ? null : read("customPrice");
  if (finalPrice === null || tierDiscount === null || volumeDiscount === null) return null;
  if (record.customPrice !== null && customPrice === null) return null;
  return { finalPrice, customPrice, tierDiscount, volumeDiscount };
}

function chosenVariants(form: HTMLFormElement): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [field, value] of new FormData(form).entries()) {
    if (field.startsWith(VARIANT_FIELD_PREFIX) && typeof value === "string") {
      chosen[field.slice(VARIANT_FIELD_PREFIX.length)] = value;
    }
  }
  return chosen;
}

/**
 * Price, breakdown, options, quantity and Add to Cart. The form posts to /cart/add and works without
 * JavaScript (the server redirects back with a notice); with JavaScript it posts in the background, checks
 * the options first, and reprices the shown price for the quantity chosen.
 */
export function ProductPurchasePanel({
  product,
  pricing,
  loginHref,
  idempotencyKey,
}: {
  product: PurchaseProduct;
  pricing: PurchasePricing;
  loginHref: string;
  /** the page's server-issued key: a repeated post of the same add adds nothing more */
  idempotencyKey: string;
}) {
  const fetcher = useFetcher();
  const root = useRootData();
  const mayOrder = useMayOrder();
  const basis = usePriceBasis();
  // a product sold by the case starts at its minimum and steps by its multiple
  const packRule = effectivePackRule(product, product.variants);
  const [quantityText, setQuantityText] = useState(String(packRule.minimum));
  const quantity = coerceAddQuantity(quantityText);
  const [missing, setMissing] = useState<string[]>([]);
  const [added, setAdded] = useState(false);
  const [live, setLive] = useState<UnitPrice | null>(null);
  const [pricingFailed, setPricingFailed] = useState(false);
  const submitted = useRef(false);

  const outOfStock = product.stockLevel <= 0;
  const state = stockState(product.stockLevel, product.lowStockThreshold);
  const busy = fetcher.state !== "idle";

  // Reprice for the quantity chosen: approved customers only, who are the only ones with volume prices.
  useEffect(() => {
    if (pricing.audience !== "customer") return;
    if (quantity === 1) {
      setLive(null);
      setPricingFailed(false);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/api/products/${product.id}/pricing?quantity=${quantity}`, {
          credentials: "include",
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        const price = response.ok ? parseUnitPriceJson(await response.json()) : null;
        if (!price) throw new Error(`pricing answered ${response.status}`);
        setLive(price);
        setPricingFailed(false);
      } catch {
        if (controller.signal.aborted) return;
        setLive(null);
        setPricingFailed(true);
      }
    }, PRICING_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [pricing.audience, product.id, quantity]);

  // After a background add settles: the server flashes a destructive notice when it refused.
  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (fetcher.state === "submitting") submitted.current = true;
      setAdded(false);
      return;
    }
    if (!submitted.current) return;
    submitted.current = false;
    const refused =
      isConnectionLost(fetcher.data) ||
      root?.toast?.variant === "destructive" ||
      (typeof fetcher.data === "object" && fetcher.data !== null && "message" in fetcher.data);
    if (refused) return;
    setAdded(true);
    const timer = window.setTimeout(() => setAdded(false), ADDED_TO_CART_FLASH_MS);
    return () => window.clearTimeout(timer);
    // the root's toast is read once, when the submission has settled
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state]);

  const price = pricingFailed ? null : quantity === 1 ? pricing.price : (live ?? pricing.price);
  const shown = shownUnitPrice(product.salesPrice, product.vatRate, price, basis);
  const listPrice = priceOnBasis(product.salesPrice, product.vatRate, basis);
  // the line as the cart will work it out: VAT on the whole line, rounded once
  const line = lineTotals([{ unitPrice: price ? price.finalPrice : product.salesPrice, quantity, vatRate: product.vatRate }]);
  const total = basis === "inc" ? line.total : line.subtotal;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const absent = missingVariants(product.variants, chosenVariants(form));
    if (absent.length > 0) {
      event.preventDefault();
      setMissing(absent);
      return;
    }
    setMissing([]);
    // "invalid input becomes 1": show what will be added
    const input = form.elements.namedItem("quantity");
    if (input instanceof HTMLInputElement && input.value !== String(quantity)) {
      input.value = String(quantity);
      setQuantityText(String(quantity));
    }
  }

  let label = "Add to Cart";
  if (outOfStock) label = "Out of Stock";
  else if (busy) label = "Adding...";
  else if (added) label = "Added to Cart!";
  else if (missing.length > 0) label = SELECT_ALL_OPTIONS;

  return (
    <div className="space-y-6">
      <div>
        <p className="flex flex-wrap items-baseline gap-x-3">
          <span className="text-3xl font-bold text-slate-900" data-testid="product-price">
            {formatMoney(shown)}
          </span>
          {isDiscounted(price) ? (
            <s className="text-lg text-slate-500" data-testid="product-list-price">
              {formatMoney(listPrice)}
            </s>
          ) : null}
          <span className="text-sm text-slate-500" data-testid="product-price-basis">
            {BASIS_LABELS[basis]}, {packUnitName(packRule.packLabel) ? `per ${packUnitName(packRule.packLabel)}` : "each"}
          </span>
        </p>
        {pricingFailed ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {PRICING_FAILED_MESSAGE}
          </p>
        ) : null}
      </div>

      <PriceBreakdown
        audience={pricing.audience}
        salesPrice={product.salesPrice}
        vatRate={product.vatRate}
        basis={basis}
        price={price}
        tierDiscount={pricing.tierDiscount}
        steps={pricing.steps}
        quantity={quantity}
        loginHref={loginHref}
      />

      <ConnectionLostNotice data={fetcher.data} />
      {!mayOrder ? (
        <div className="flex flex-wrap items-center gap-4" data-testid="viewer-cannot-order">
          <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">{VIEWER_LINE}</p>
          <span data-testid="stock-note">
            <StockBadge state={state} stockLevel={product.stockLevel} />
          </span>
        </div>
      ) : (
      <fetcher.Form method="post" action="/cart/add" noValidate preventScrollReset onSubmit={onSubmit} className="space-y-5">
        <input type="hidden" name="productId" value={product.id} />
        <input type="hidden" name="redirectTo" value={`/products/${product.slug}`} />
        <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
        <VariantPicker
          variants={product.variants}
          missing={missing}
          disabled={outOfStock}
          onChange={() => setMissing((current) => (current.length > 0 ? [] : current))}
        />
        <div>
          <label htmlFor="quantity" className="block text-sm font-medium text-slate-800">
            Quantity
          </label>
          <div className="mt-2">
            <QuantityInput
              id="quantity"
              name="quantity"
              value={quantityText}
              max={outOfStock ? undefined : product.stockLevel}
              min={packRule.minimum}
              stepBy={packRule.multiple}
              disabled={outOfStock}
              onChange={setQuantityText}
              onBlur={() => setQuantityText(String(coerceAddQuantity(quantityText)))}
            />
          </div>
          <PackSummary rule={packRule} price={shown} className="mt-2 text-sm font-medium text-slate-700" />
          {!outOfStock && quantity > 1 ? (
            <p className="mt-2 text-sm text-slate-600" data-testid="line-total">
              {quantity} × {formatMoney(shown)} = <strong>{formatMoney(total)}</strong> {BASIS_LABELS[basis]}
            </p>
          ) : null}
        </div>
        {missing.length > 0 ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {SELECT_ALL_OPTIONS_DESCRIPTION}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" disabled={outOfStock || busy} className="min-w-48 py-3 text-base" aria-live="polite">
            {label}
          </Button>
          <span data-testid="stock-note">
            <StockBadge state={state} stockLevel={product.stockLevel} />
          </span>
        </div>
      </fetcher.Form>
      )}
    </div>
  );
}
