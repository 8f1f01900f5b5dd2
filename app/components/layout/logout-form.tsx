import { useFetcher } from "@remix-run/react";
import type { ReactNode } from "react";
import { ConnectionLostNotice } from "~/components/ui/toast";

export const LOGOUT_ACTION = "/api/logout";

/**
 * Log Out: a plain POST that signs out and goes home. With JavaScript it posts in the background (the
 * server's redirect still takes the browser home), so a lost reply leaves the page where it is with a notice
 * instead of an empty page.
 */
export function LogoutForm({ className, children = "Log Out" }: { className: string; children?: ReactNode }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" action={LOGOUT_ACTION}>
      <ConnectionLostNotice data={fetcher.data} />
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        {children}
      </button>
    </fetcher.Form>
  );
}
