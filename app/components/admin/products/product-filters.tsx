import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useRef, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import {
  ADMIN_PRODUCTS_PATH,
  adminProductsHref,
  DEFAULT_ADMIN_PRODUCTS_QUERY,
  hasAdminProductFilters,
  NO_CATEGORY,
  parseAdminProductsQuery,
  type AdminProductsQuery,
} from "~/domain/catalog/product.schema";
import {
  poundsParam,
  rateParam,
  SORT_LABELS,
  SORT_OPTIONS,
  STOCK_FILTERS,
  STOCK_LABELS,
} from "~/domain/catalog/catalog.schema";
import { formatPercent } from "~/utils/money";

const labelClass = "block text-sm font-medium text-slate-800";

/** The list's URL for what the form holds now: back to page 1, defaults left out. */
function hrefOf(form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") params.set(name, value);
  return adminProductsHref({ ...parseAdminProductsQuery(params), page: 1 });
}

/** The VAT rates and whole-pound sales price bounds of the products in the list's category and search. */
export type ProductFacets = { vatRates: number[]; priceMin: number; priceMax: number };

/**
 * Search, category, stock state, VAT rate, price range and sort for the products list, as one GET form:
 * without JavaScript the Search button submits it and the URL carries every choice (paging and the dialogs
 * keep them). With JavaScript a changed select applies at once, and the URL leaves out the defaults. The
 * VAT filter shows only when the products in view have more than one rate.
 */
export function ProductFilters({
  query,
  categories,
  facets,
}: {
  query: AdminProductsQuery;
  categories: { id: number; name: string }[];
  facets: ProductFacets;
}) {
  const showVat = facets.vatRates.length > 1 || query.vat !== null;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const searching =
    navigation.state === "loading" &&
    navigation.location.pathname === ADMIN_PRODUCTS_PATH &&
    navigation.formMethod?.toUpperCase() !== "POST";
  const changed = hasAdminProductFilters(query) || query.sort !== DEFAULT_ADMIN_PRODUCTS_QUERY.sort;
  // A new URL from elsewhere (a link, Clear, the back button) starts the inputs again from its values. The form's
  // own choices do not: the inputs already show them, and rebuilding the form while a quick second choice is being
  // made would lose that choice (its change would land on the inputs being replaced). Until the answer to its
  // latest choice is shown, the form awaits it: the answer to an earlier choice arriving meanwhile is not from
  // elsewhere, a navigation to anywhere else is.
  const shownHref = adminProductsHref({ ...query, page: 1 });
  const awaitedHref = useRef<string | null>(null);
  const seenHref = useRef(shownHref);
  const formGeneration = useRef(0);
  const loadingHref = navigation.location ? `${navigation.location.pathname}${navigation.location.search}` : null;
  if (searching && loadingHref !== awaitedHref.current) awaitedHref.current = null;
  if (!searching && shownHref !== seenHref.current) {
    if (awaitedHref.current === null) formGeneration.current += 1;
    seenHref.current = shownHref;
  }
  if (!searching && shownHref === awaitedHref.current) awaitedHref.current = null;

  function apply(form: HTMLFormElement | null) {
    if (!form) return;
    const href = hrefOf(form);
    awaitedHref.current = href;
    navigate(href, { preventScrollReset: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(event.currentTarget);
  }

  return (
    <Form
      key={formGeneration.current}
      method="get"
      action={ADMIN_PRODUCTS_PATH}
      role="search"
      aria-label="Filter products"
      onSubmit={onSubmit}
      className="grid gap-3 border-b border-slate-200 p-4 sm:grid-cols-2 lg:grid-cols-12 lg:items-end"
    >
      <div className="min-w-0 sm:col-span-2 lg:col-span-4">
        <label htmlFor="product-search" className={labelClass}>
          Search products
        </label>
        <input
          id="product-search"
          type="search"
          name="q"
          defaultValue={query.q}
          placeholder="Name, description, SKU or category"
          className={`${inputClass} mt-1`}
          maxLength={100}
        />
      </div>
      <FilterSelect
        id="product-category-filter"
        name="category"
        label="Filter by category"
        defaultValue={query.category === null ? "" : String(query.category)}
        options={[
          { value: "", label: "All categories" },
          ...categories.map((category) => ({ value: String(category.id), label: category.name })),
          { value: NO_CATEGORY, label: "No category" },
        ]}
        onPick={apply}
      />
      <FilterSelect
        id="product-stock-filter"
        name="stock"
        label="Filter by stock"
        defaultValue={query.stock}
        options={STOCK_FILTERS.map((value) => ({ value, label: STOCK_LABELS[value] }))}
        onPick={apply}
      />
      <FilterSelect
        id="product-sort"
        name="sort"
        label="Sort by"
        defaultValue={query.sort}
        options={SORT_OPTIONS.map((value) => ({ value, label: SORT_LABELS[value] }))}
        onPick={apply}
      />
      {showVat ? (
        <FilterSelect
          id="product-vat-filter"
          name="vat"
          label="Filter by VAT rate"
          defaultValue={query.vat === null ? "" : rateParam(query.vat)}
          options={[
            { value: "", label: "All VAT rates" },
            ...facets.vatRates.map((rate) => ({ value: rateParam(rate), label: formatPercent(rate) })),
          ]}
          onPick={apply}
        />
      ) : null}
      <fieldset className="min-w-0 sm:col-span-2 lg:col-span-4">
        <legend className={labelClass}>
          Sales price <span className="font-normal text-slate-500">(£ ex VAT, £{facets.priceMin} to £{facets.priceMax} in view)</span>
        </legend>
        <div className="mt-1 grid grid-cols-2 gap-2">
          <PriceInput id="product-price-min" name="min" label="Min price" value={query.min} placeholder={facets.priceMin} />
          <PriceInput id="product-price-max" name="max" label="Max price" value={query.max} placeholder={facets.priceMax} />
        </div>
      </fieldset>
      <div className="flex items-center gap-2 lg:col-span-2">
        <Button type="submit" variant="secondary" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </Button>
        {changed ? (
          <Link to={ADMIN_PRODUCTS_PATH} className="px-2 py-2 text-sm font-semibold text-slate-700 hover:underline">
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A labelled select of the filter form; with JavaScript, picking an option applies the form at once. */
function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  options,
  onPick,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  options: { value: string; label: string }[];
  onPick: (form: HTMLFormElement | null) => void;
}) {
  return (
    <div className="min-w-0 lg:col-span-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        onChange={(event) => onPick(event.currentTarget.form)}
        className={`${inputClass} mt-1`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A price bound in pounds: a plain number input, so it works without JavaScript. */
function PriceInput({
  id,
  name,
  label,
  value,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  value: number | null;
  placeholder: number;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="number"
        name={name}
        inputMode="decimal"
        min={0}
        step={0.01}
        defaultValue={value === null ? "" : poundsParam(value)}
        placeholder={String(placeholder)}
        className={inputClass}
      />
    </div>
  );
}
