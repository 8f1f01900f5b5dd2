import { useEffect, useRef } from "react";
import type { Toast } from "~/utils/session.server";

/**
 * Why Place Order did not go through, as a banner at the top of the page rather than a floating toast (which
 * on a phone would sit over the order summary). With JavaScript the page stays where the buyer pressed the
 * button, so the banner takes the focus, which brings it into view and has it read out; without JavaScript
 * the page reloads at the top, where it is.
 */
export function CheckoutNotice({ notice }: { notice: Toast }) {
  const banner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    banner.current?.focus();
  }, []);
  const destructive = notice.variant === "destructive";
  return (
    <div
      ref={banner}
      tabIndex={-1}
      role={destructive ? "alert" : "status"}
      data-testid="checkout-notice"
      className={`mt-4 rounded-md border px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
        destructive ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900"
      }`}
    >
      <p className="font-semibold">{notice.title}</p>
      {notice.description ? <p className="text-sm">{notice.description}</p> : null}
    </div>
  );
}
