import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { isUnsent } from "~/service-worker/order-queue-rules";
import { useOrderQueue } from "~/utils/order-queue-client";
import { SIGN_OUT_ACTION } from "~/service-worker/offline-rules";

export const LOGOUT_ACTION = SIGN_OUT_ACTION;
export const LOGOUT_CONFIRM_PATH = "/logout";

/**
 * Log Out, wherever it appears (storefront header and menu, account page, supplier area, admin sidebar, the
 * /logout confirm page): a plain POST that signs out and goes home; signing out is never a link, since a GET
 * could be sent by another site. With JavaScript it posts in the background (the server's redirect still
 * takes the browser home), so a lost reply leaves the page where it is with a notice instead of an empty page.
 * With orders made offline still unsent on this device, it goes to the /logout confirm first, which lists them
 * and asks to send or discard them (docs/decisions/0078); without JavaScript there are none and nothing changes.
 */
export function LogoutForm({
  className,
  title,
  children = "Log Out",
  confirmQueued = true,
}: {
  className: string;
  title?: string;
  children?: ReactNode;
  /** false on the confirm page itself */
  confirmQueued?: boolean;
}) {
  const fetcher = useFetcher();
  const { orders } = useOrderQueue();
  const unsent = orders.filter(isUnsent).length;
  return (
    <fetcher.Form
      method="post"
      action={LOGOUT_ACTION}
      onSubmit={(event) => {
        if (confirmQueued && unsent > 0) {
          event.preventDefault();
          // a document load: offline, the worker answers it with the confirm it keeps
          window.location.assign(LOGOUT_CONFIRM_PATH);
          return;
        }
        // the worker clears this account from the device even when the request itself cannot leave it (offline,
        // the page may not even get as far as sending it); it also sees the request when it does go
        navigator.serviceWorker?.controller?.postMessage({ type: "SIGN_OUT" });
      }}
    >
      <ConnectionLostNotice data={fetcher.data} />
      <button type="submit" className={className} title={title} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}
