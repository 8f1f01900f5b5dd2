import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConnectionLostNotice } from "~/components/ui/toast";

export const LOGOUT_ACTION = "/api/logout";

/**
 * Log Out, wherever it appears (storefront header and menu, account page, supplier area, admin sidebar, the
 * /logout confirm page): a plain POST that signs out and goes home; signing out is never a link, since a GET
 * could be sent by another site. With JavaScript it posts in the background (the server's redirect still
 * takes the browser home), so a lost reply leaves the page where it is with a notice instead of an empty page.
 */
export function LogoutForm({ className, title, children = "Log Out" }: { className: string; title?: string; children?: ReactNode }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={LOGOUT_ACTION}>
      <ConnectionLostNotice data={fetcher.data} />
      <button type="submit" className={className} title={title} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}
