import { parseWithZod } from "@conform-to/zod";
import { pageTitle } from "~/utils/company-brand";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { accountErrorBoundary } from "~/components/account/account-page";
import { PageLinks } from "~/components/ui/page-links";
import {
  LOYALTY_PATH,
  LOYALTY_TAB_LABELS,
  loyaltyHref,
  redeemRewardFormSchema,
} from "~/domain/loyalty/loyalty-account.schema";
import { loadLoyaltyPage, redeemRewardNotice } from "~/domain/loyalty/loyalty-account.server";
import { requireCompanyRole } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { redirectWithToast } from "~/utils/toast.server";
import { HistoryList } from "./history-list";
import { LoyaltySummary, LoyaltyTabs, VoucherList } from "./loyalty-summary";
import { RewardList } from "./reward-list";
import { ConnectionLostNotice } from "~/components/ui/toast";
import { keepPageOnConnectionLoss, lostWith } from "~/utils/connection";

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(matches, "Loyalty Rewards") }];

/**
 * /account/loyalty?tab=rewards|history&page=: the balance, how points work, the vouchers waiting for checkout,
 * and one tab's content (only the open tab is read and rendered). Any signed-in user may look; only approved
 * customers can redeem.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyRole(request, "loyalty");
  const page = loadLoyaltyPage(getDb(), user, new URL(request.url).searchParams);
  if ("redirectTo" in page) throw redirect(page.redirectTo);
  return json({ ...page, idempotencyKey: issueIdempotencyKey() }, { headers: { "Cache-Control": "private, no-store" } });
}

/**
 * Redeem: one reward card's form ({rewardId, idempotencyKey}). Always back to the page with a notice:
 * "Success!" with the voucher, or "Error" with the reason (nothing is written then).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireCompanyRole(request, "loyalty");
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: redeemRewardFormSchema });
  const rewardId = submission.status === "success" ? submission.value.rewardId : null;
  const toast = redeemRewardNotice(getDb(), user, rewardId, idempotencyKeyFrom(formData));
  return redirectWithToast(request, LOYALTY_PATH, toast);
}

/** With JavaScript a lost Redeem reply keeps the page; its key means a second press spends the points once. */
export const clientAction = keepPageOnConnectionLoss({ title: "Error", description: lostWith("Failed to redeem reward") });

export { shouldRevalidate } from "~/utils/connection";

export default function LoyaltyPage() {
  const posted = useActionData<typeof clientAction>();
  const { tab, balance, redeemNotice, vouchers, rewards, history, idempotencyKey } = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <ConnectionLostNotice data={posted} />
      <p className="text-sm">
        <Link to="/account/dashboard" className="text-slate-600 hover:text-brand-700 hover:underline">
          ← Your account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Loyalty Rewards</h1>
      <p className="mt-2 text-slate-600">Earn points on every order and spend them on vouchers for your next one.</p>

      <LoyaltySummary balance={balance} />
      {vouchers.length > 0 ? <VoucherList vouchers={vouchers} /> : null}
      <LoyaltyTabs tab={tab} />

      <section aria-label={LOYALTY_TAB_LABELS[tab]} className="mt-6">
        {rewards ? (
          <RewardList rewards={rewards} balance={balance} redeemNotice={redeemNotice} idempotencyKey={idempotencyKey} />
        ) : null}
        {history ? (
          <>
            <HistoryList items={history.items} />
            <PageLinks
              page={history.page}
              pageCount={history.pageCount}
              hrefFor={(page) => loyaltyHref("history", page)}
              label="Points history pages"
              className="mt-6"
            />
          </>
        ) : null}
      </section>
    </div>
  );
}

export const ErrorBoundary = accountErrorBoundary({
  title: "We could not load your loyalty rewards",
  failure: "Something went wrong while loading your points and rewards. Please try again in a moment.",
  href: LOYALTY_PATH,
});
