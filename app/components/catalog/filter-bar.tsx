import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type ChangeEvent } from "react";
import {
  catalogHref,
  catalogSearchParams,
  DEFAULT_FILTERS,
  filtersOf,
  hasActiveFilters,
  parseCatalogQuery,
  poundsParam,
  rateParam,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  SORT_OPTIONS,
  STOCK_FILTERS,
  STOCK_LABELS,
  type CatalogFilters,
  type SortOption,
  type StockFilter,
} from "~/domain/catalog/catalog.schema";
import { BASIS_LABELS } from "~/domain/pricing/price-basis";
import { usePriceBasis } from "~/root";
import { formatPercent } from "~/utils/money";
import { inputClass } from "~/components/ui/field";
import { useOffline } from "~/utils/offline-price-list";
import { OfflineSearchResults } from "./offline-search-results";

/** What the filter bar offers: the VAT rates and whole-pound price bounds of the products in view. */
export type FilterFacets = { vatRates: number[]; priceMin: number; priceMax: number };

/** The inputs' values, as typed. */
type FormState = { q: string; stock: StockFilter; vat: string; min: string; max: string; sort: SortOption };

function formStateOf(filters: CatalogFilters): FormState {
  return {
    q: filters.q,
    stock: filters.stock,
    vat: filters.vat === null ? "all" : rateParam(filters.vat),
    min: filters.min === null ? "" : poundsParam(filters.min),
    max: filters.max === null ? "" : poundsParam(filters.max),
    sort: filters.sort,
  };
}

const TYPING_DELAY_MS = 350;
const SLIDING_DELAY_MS = 250;

const labelClass = "block text-sm font-medium text-slate-800";

/**
 * Search, stock, VAT rate, price range and sort as one GET form: without JavaScript it submits with the
 * Apply button and the URL carries the filters. With JavaScript the results follow each change without a
 * full reload (typing is debounced and replaces the history entry), and a slider pair joins the price inputs.
 */
export function FilterBar({ filters, facets }: { filters: CatalogFilters; facets: FilterFacets }) {
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [hydrated, setHydrated] = useState(false);
  const [state, setState] = useState(() => formStateOf(filters));
  // the range is in the buyer's basis: the server reads it the same way (see catalog.server.ts)
  const basis = usePriceBasis();
  // offline, a search is answered from the price list on the device rather than sent (docs/decisions/0077)
  const offline = useOffline();

  useEffect(() => setHydrated(true), []);
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL changed (back button, a link, our own submission): show its filters, but never overwrite
  // what the user is typing at this moment.
  const urlKey = catalogSearchParams(filters).toString();
  useEffect(() => {
    const fresh = formStateOf(filters);
    setState((previous) => {
      const active = typeof document === "undefined" ? null : document.activeElement;
      const typing =
        active instanceof HTMLInputElement &&
        formRef.current?.contains(active) &&
        ["search", "number", "range"].includes(active.type);
      return typing ? { ...fresh, q: previous.q, min: previous.min, max: previous.max } : fresh;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);

  function send(next: FormState, replace: boolean) {
    clearTimeout(timer.current);
    const query = filtersOf(parseCatalogQuery(next));
    submit(catalogSearchParams(query), {
      method: "get",
      action: location.pathname,
      replace,
      preventScrollReset: true,
    });
  }

  function sendLater(next: FormState, replace: boolean, delay: number) {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next, replace), delay);
  }

  function change<K extends keyof FormState>(key: K, value: FormState[K]) {
    const next = { ...state, [key]: value };
    setState(next);
    return next;
  }

  const onSelect =
    (key: "stock" | "vat" | "sort") => (event: ChangeEvent<HTMLSelectElement>) => {
      send(change(key, event.target.value as FormState[typeof key]), false);
    };

  // the first search adds a history entry; refining it replaces that entry
  const onType = (key: "q" | "min" | "max") => (event: ChangeEvent<HTMLInputElement>) => {
    const alreadyFiltered = key === "q" ? filters.q !== "" : filters[key] !== null;
    if (key === "q" && offline) {
      clearTimeout(timer.current);
      change(key, event.target.value);
      return;
    }
    sendLater(change(key, event.target.value), alreadyFiltered, TYPING_DELAY_MS);
  };

  const low = facets.priceMin;
  const high = facets.priceMax;
  const showSlider = hydrated && high > low;
  const minValue = clamp(state.min === "" ? low : Number(state.min), low, high);
  const maxValue = clamp(state.max === "" ? high : Number(state.max), low, high);

  const onSlide = (key: "min" | "max") => (event: ChangeEvent<HTMLInputElement>) => {
    let value = Number(event.target.value);
    if (key === "min") value = Math.min(value, maxValue);
    else value = Math.max(value, minValue);
    // at its bound a slider excludes nothing, so it sets no filter
    const atBound = key === "min" ? value <= low : value >= high;
    sendLater(change(key, atBound ? "" : String(value)), true, SLIDING_DELAY_MS);
  };

  const showVat = facets.vatRates.length > 1;
  const vatRates = showVat ? facets.vatRates : [];
  const busy =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    navigation.location.search !== location.search;
  const active = hasActiveFilters(filters);

  return (
    <Form
      ref={formRef}
      method="get"
      action={location.pathname}
      role="search"
      aria-label="Filter products"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(event) => {
        event.preventDefault();
        // offline the results are already shown from the price list below
        if (!offline) send(state, false);
      }}
    >
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-12">
        <div className="space-y-1 lg:col-span-4">
          <label htmlFor="filter-q" className={labelClass}>
            Search products
          </label>
          <input
            id="filter-q"
            type="search"
            name="q"
            value={state.q}
            onChange={onType("q")}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Name, description or category"
            autoComplete="off"
            className={inputClass}
          />
        </div>
        <div className="space-y-1 lg:col-span-2">
          <label htmlFor="filter-stock" className={labelClass}>
            Stock
          </label>
          <select id="filter-stock" name="stock" value={state.stock} onChange={onSelect("stock")} className={inputClass}>
            {STOCK_FILTERS.map((option) => (
              <option key={option} value={option}>
                {STOCK_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {showVat ? (
          <div className="space-y-1 lg:col-span-2">
            <label htmlFor="filter-vat" className={labelClass}>
              VAT rate
            </label>
            <select id="filter-vat" name="vat" value={state.vat} onChange={onSelect("vat")} className={inputClass}>
              <option value="all">All rates</option>
              {vatRates.map((rate) => (
                <option key={rate} value={rateParam(rate)}>
                  {formatPercent(rate)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={`space-y-1 ${showVat ? "lg:col-span-4" : "lg:col-span-6"}`}>
          <label htmlFor="filter-sort" className={labelClass}>
            Sort by
          </label>
          <select id="filter-sort" name="sort" value={state.sort} onChange={onSelect("sort")} className={inputClass}>
            {SORT_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="lg:col-span-9">
          <legend className={labelClass}>
            Price range <span className="font-normal text-slate-500">(£, {BASIS_LABELS[basis]})</span>
          </legend>
          <div className="mt-1 flex flex-wrap items-end gap-3">
            <div className="w-32 space-y-1">
              <label htmlFor="filter-min" className="block text-xs text-slate-600">
                Min price
              </label>
              <input
                id="filter-min"
                type="number"
                name="min"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={state.min}
                placeholder={String(low)}
                onChange={onType("min")}
                className={inputClass}
              />
            </div>
            <div className="w-32 space-y-1">
              <label htmlFor="filter-max" className="block text-xs text-slate-600">
                Max price
              </label>
              <input
                id="filter-max"
                type="number"
                name="max"
                inputMode="decimal"
                min={0}
                step={0.01}
                value={state.max}
                placeholder={String(high)}
                onChange={onType("max")}
                className={inputClass}
              />
            </div>
            {showSlider ? (
              <div className="flex min-w-56 flex-1 flex-col gap-1 pb-1">
                <input
                  type="range"
                  aria-label="Min price slider"
                  aria-valuetext={`£${minValue.toFixed(2)}`}
                  min={low}
                  max={high}
                  step={0.01}
                  value={minValue}
                  onChange={onSlide("min")}
                  className="h-6 w-full accent-brand-700"
                />
                <input
                  type="range"
                  aria-label="Max price slider"
                  aria-valuetext={`£${maxValue.toFixed(2)}`}
                  min={low}
                  max={high}
                  step={0.01}
                  value={maxValue}
                  onChange={onSlide("max")}
                  className="h-6 w-full accent-brand-700"
                />
                <p className="flex justify-between text-xs text-slate-500" aria-hidden>
                  <span>£{minValue.toFixed(2)}</span>
                  <span>£{maxValue.toFixed(2)}</span>
                </p>
              </div>
            ) : null}
          </div>
        </fieldset>

        <div className="flex items-end gap-3 lg:col-span-3 lg:justify-end">
          {active ? (
            <Link
              to={catalogHref(location.pathname, { ...DEFAULT_FILTERS, sort: filters.sort })}
              preventScrollReset
              className="px-2 py-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Clear filters
            </Link>
          ) : null}
          <button
            type="submit"
            className="inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Apply
          </button>
        </div>
      </div>
      <p aria-live="polite" className="sr-only">
        {busy ? "Updating products…" : ""}
      </p>
      <OfflineSearchResults query={state.q} offline={offline} />
    </Form>
  );
}

function clamp(value: number, low: number, high: number) {
  if (!Number.isFinite(value)) return low;
  return Math.min(Math.max(value, low), high);
}
