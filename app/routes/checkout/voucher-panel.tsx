import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { formatMoney } from "~/utils/money";
import { CHECKOUT_PATH as PATH, checkoutHref } from "./shipping-form";

type VoucherChoice = { code: string; rewardName: string; effect: string };
type AppliedVoucher = VoucherChoice & { unusedValue: number };

/**
 * The buyer's loyalty vouchers: each applies with a plain link (`?voucher=CODE`), a code can be typed into a
 * GET form, and the applied one can be removed. The summary above shows what it does.
 */
export function VoucherPanel({
  vouchers,
  applied,
  problem,
  askedCode,
  addressId,
}: {
  vouchers: VoucherChoice[];
  applied: AppliedVoucher | null;
  problem: string | null;
  askedCode: string;
  /** the saved address picked at checkout, kept in every link */
  addressId: number | null;
}) {
  const others = vouchers.filter((voucher) => voucher.code !== applied?.code);
  return (
    <section aria-labelledby="vouchers-heading" className="mt-6 border-t border-slate-200 pt-4" data-testid="checkout-vouchers">
      <h3 id="vouchers-heading" className="text-sm font-semibold text-slate-900">
        Loyalty vouchers
      </h3>
      {problem ? (
        <p role="alert" className="mt-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
      {applied ? (
        <div className="mt-2 flex items-start justify-between gap-3 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm">
          <p className="text-emerald-900">
            <span className="font-semibold">Applied: {applied.code}</span>
            <br />
            <span data-testid="voucher-effect">{applied.effect}</span>
            {applied.unusedValue > 0 ? (
              <>
                <br />
                <span data-testid="voucher-unused">
                  Your goods come to less than the voucher: {formatMoney(applied.unusedValue)} of it will not be used.
                </span>
              </>
            ) : null}
          </p>
          <Link to={checkoutHref({ address: addressId })} className="shrink-0 font-medium text-brand-700 hover:underline" preventScrollReset>
            Remove<span className="sr-only"> voucher {applied.code}</span>
          </Link>
        </div>
      ) : null}
      {others.length > 0 ? (
        <ul className="mt-2 space-y-2" aria-label="Your vouchers">
          {others.map((voucher) => (
            <li key={voucher.code} className="flex items-start justify-between gap-3 text-sm">
              <p className="text-slate-700">
                <span className="font-medium text-slate-900">{voucher.code}</span>
                <br />
                {voucher.effect}
              </p>
              <Link
                to={checkoutHref({ voucher: voucher.code, address: addressId })}
                className="shrink-0 font-medium text-brand-700 hover:underline"
                preventScrollReset
              >
                {applied ? "Use instead" : "Apply"}
                <span className="sr-only"> voucher {voucher.code}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {!applied && vouchers.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          You have no vouchers. Redeem your points for one on the{" "}
          <Link to="/account/loyalty" className="font-medium text-brand-700 hover:underline">
            loyalty page
          </Link>
          .
        </p>
      ) : null}
      <Form method="get" action={PATH} className="mt-3 flex gap-2" preventScrollReset>
        <label htmlFor="voucher-code" className="sr-only">
          Voucher code
        </label>
        <input
          id="voucher-code"
          name="voucher"
          defaultValue={applied ? "" : askedCode}
          placeholder="Voucher code"
          autoComplete="off"
          autoCapitalize="characters"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
        {addressId ? <input type="hidden" name="address" value={addressId} /> : null}
        <Button type="submit" variant="secondary" className="py-1.5">
          Apply
        </Button>
      </Form>
    </section>
  );
}
