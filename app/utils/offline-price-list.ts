/**
 * The page's access to the buyer's price list (docs/decisions/0077): the same URL online and offline. Online the
 * server answers (and the service worker keeps a copy per account); offline the worker answers from that copy.
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { askOfflineCopy } from "~/utils/offline-client";
import { decodePriceList, deliveryOfPriceList, type PriceListDelivery, type PriceListProduct } from "~/domain/pricing/price-list";
import { PRICE_LIST_PATH, STORED_AT_HEADER } from "~/service-worker/offline-rules";

export type LoadedPriceList = {
  products: PriceListProduct[];
  asOf: Date;
  /** the buyer's delivery details as checkout starts with them, for an order made offline (0078) */
  delivery: PriceListDelivery | null;
};

export async function loadPriceList(): Promise<LoadedPriceList | null> {
  try {
    const reply = await fetch(PRICE_LIST_PATH, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    if (!reply.ok) return null;
    const body: unknown = await reply.json();
    const products = decodePriceList(body);
    if (!products) return null;
    const asOf = new Date(reply.headers.get(STORED_AT_HEADER) ?? reply.headers.get("Date") ?? Date.now());
    return { products, asOf, delivery: deliveryOfPriceList(body) };
  } catch {
    return null;
  }
}

/**
 * Whether this page is offline (false on the server and before hydration): the browser says so, or the service
 * worker answered this page from its copy because the network did not. The second matters because
 * `navigator.onLine` only knows about the device's own link: on a site's Wi-Fi with no way out ("lie-fi") it stays
 * true while nothing gets through, and the buyer would be left with a pad that cannot order. Asked again at each
 * page; the `online` event ends it.
 */
export function useOffline(): boolean {
  const location = useLocation();
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    let current = true;
    let servedFromCopy = false;
    const update = () => setOffline(!navigator.onLine || servedFromCopy);
    const online = () => {
      servedFromCopy = false;
      update();
    };
    update();
    askOfflineCopy().then((storedAt) => {
      if (!current || !storedAt) return;
      servedFromCopy = true;
      update();
    });
    window.addEventListener("online", online);
    window.addEventListener("offline", update);
    return () => {
      current = false;
      window.removeEventListener("online", online);
      window.removeEventListener("offline", update);
    };
  }, [location.key]);
  return offline;
}

/** The price list, loaded once `wanted` is true; "missing" when there is none on this device. */
export function usePriceList(wanted: boolean): LoadedPriceList | "loading" | "missing" | null {
  const [state, setState] = useState<LoadedPriceList | "loading" | "missing" | null>(null);
  useEffect(() => {
    if (!wanted || (state !== null && state !== "missing")) return;
    let current = true;
    setState("loading");
    loadPriceList().then((list) => {
      if (current) setState(list ?? "missing");
    });
    return () => {
      current = false;
    };
    // load once per time it becomes wanted
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted]);
  return wanted ? state : null;
}
