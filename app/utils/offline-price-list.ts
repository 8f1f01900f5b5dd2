/**
 * The page's access to the buyer's price list (docs/decisions/0077): the same URL online and offline. Online the
 * server answers (and the service worker keeps a copy per account); offline the worker answers from that copy.
 */
import { useEffect, useState } from "react";
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

/** Whether the browser says it is offline (false on the server and before hydration). */
export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
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
