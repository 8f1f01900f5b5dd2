/**
 * The page's side of the order queue (docs/decisions/0078), run only when JavaScript runs: asks the service
 * worker which account the device is on (the queue is in that account's database), sends what is waiting when
 * the app starts and whenever the connection comes back, and keeps the list on screen up to date.
 */
import { useEffect, useState } from "react";
import { listQueue } from "~/service-worker/account-store";
import { sendQueue } from "~/service-worker/order-queue";
import { ORDER_QUEUE_CHANNEL, type QueuedOrder } from "~/service-worker/order-queue-rules";
import { askWorker } from "./offline-client";

/** The account whose pages and queue this device holds now, as the worker knows it (null: none, or no worker). */
export function askAccountKey(): Promise<string | null> {
  return askWorker("ACCOUNT", (data) => (data as { key?: string | null } | null)?.key ?? null, 2000);
}

let retry: ReturnType<typeof setTimeout> | null = null;

/**
 * Sends whatever the account has waiting, if the browser thinks it is online; when another sender's send was cut
 * off (it stays "sending"), tries again once that send may be taken over, with the same key.
 */
export async function sendWaitingOrders(): Promise<void> {
  if (!navigator.onLine) return;
  const key = await askAccountKey();
  if (!key) return;
  const again = await sendQueue(key).catch(() => null);
  if (again !== null && retry === null) {
    retry = setTimeout(() => {
      retry = null;
      void sendWaitingOrders();
    }, again + 500);
  }
}

/** From entry.client: at the app's start and on every return of the connection. */
export function startOrderQueue(): void {
  if (!("serviceWorker" in navigator) || typeof indexedDB === "undefined") return;
  window.addEventListener("online", () => void sendWaitingOrders());
  // the worker may take a moment to control a fresh page
  if (navigator.serviceWorker.controller) void sendWaitingOrders();
  else navigator.serviceWorker.addEventListener("controllerchange", () => void sendWaitingOrders(), { once: true });
}

export type QueueState = { key: string | null; orders: QueuedOrder[]; ready: boolean };

/** The account's queue, read again whenever any tab or the worker changes it. */
export function useOrderQueue(): QueueState & { refresh: () => void } {
  const [state, setState] = useState<QueueState>({ key: null, orders: [], ready: false });
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(ORDER_QUEUE_CHANNEL);
    channel.onmessage = () => setVersion((v) => v + 1);
    const onController = () => setVersion((v) => v + 1);
    navigator.serviceWorker?.addEventListener("controllerchange", onController);
    return () => {
      channel.close();
      navigator.serviceWorker?.removeEventListener("controllerchange", onController);
    };
  }, []);
  useEffect(() => {
    let current = true;
    (async () => {
      const key = await askAccountKey();
      const orders = key ? await listQueue(key).catch(() => []) : [];
      if (current) setState({ key, orders, ready: true });
    })();
    return () => {
      current = false;
    };
  }, [version]);
  return { ...state, refresh: () => setVersion((v) => v + 1) };
}
