import { useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { offlineBarText } from "~/service-worker/offline-rules";
import { QueueCountBar } from "~/components/offline/waiting-orders";
import { askOfflineCopy, takeOverBetweenPages } from "~/utils/offline-client";
import { useOffline } from "~/utils/offline-price-list";

/**
 * "You are offline: prices as of 14:05" (docs/decisions/0077): shown when this page is the service worker's copy
 * (the time is the copy's) or when the connection drops on a live page (the time the page was loaded). Nothing
 * is rendered on the server or without JavaScript: there is no worker then.
 */
export function OfflineBar() {
  const location = useLocation();
  const navigation = useNavigation();
  const [copyAt, setCopyAt] = useState<Date | null>(null);
  const [loadedAt, setLoadedAt] = useState<Date | null>(null);
  const offline = useOffline();

  // each page shown: was it a copy, and when?
  useEffect(() => {
    let current = true;
    setLoadedAt(new Date());
    askOfflineCopy().then((storedAt) => {
      if (current) setCopyAt(storedAt ? new Date(storedAt) : null);
    });
    return () => {
      current = false;
    };
  }, [location.key]);

  // between two pages, a new version of the worker may take over (never at checkout, never mid-submit)
  useEffect(() => {
    if (navigation.state === "idle") takeOverBetweenPages(location.pathname);
  }, [navigation.state, location.pathname]);

  const asOf = copyAt ?? (offline ? loadedAt : null);
  return (
    <>
      {asOf ? (
        <div role="status" data-testid="offline-bar" className="border-b border-amber-300 bg-amber-100">
          <p className="mx-auto max-w-7xl px-4 py-2 text-sm font-semibold text-amber-950">{offlineBarText(asOf, new Date())}</p>
        </div>
      ) : null}
      {/* the orders kept on this device until they are sent (0078) */}
      <QueueCountBar />
    </>
  );
}
