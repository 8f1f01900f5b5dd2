import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { PageLinks } from "~/components/ui/page-links";
import {
  formatHistoryDateTime,
  formatPoints,
  formatSignedPoints,
  LOYALTY_PATH,
  LOYALTY_TAB_LABELS,
  LOYALTY_TABS,
  loyaltyHref,
  NO_REWARDS_AVAILABLE,
  NO_TRANSACTION_HISTORY,
  parseHistoryPage,
  parseLoyaltyTab,
  pointsShortfall,
  pointsText,
  pointsTone,
  REDEEM_ERROR_TITLE,
  REDEEM_FAILED,
  REDEEM_SUCCESS_TITLE,
  redeemButtonLabel,
  REWARD_UNAVAILABLE,
  rewardEffectText,
  transactionTypeLabel,
  type LoyaltyTransactionType,
} from "~/domain/loyalty/loyalty-account.schema";
import {
  listAvailableRewards,
  listPointsHistory,
  listUnusedVouchers,
  pointsBalance,
  redeemRefusal,
  redeemReward,
} from "~/domain/loyalty/loyalty-account.server";
import { requireUser } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { idempotencyKeyFrom, issueIdempotencyKey } from "~/utils/idempotency.server";
import { flashToast, type Toast } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Loyalty Rewards · INFY Wholesale" }];

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * /account/loyalty?tab=rewards|history&page=: the balance, how points work, the vouchers waiting for checkout,
 * and one tab's content (only the open tab is read and rendered). Any signed-in user may look; only approved
 * customers can redeem.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const params = new URL(request.url).searchParams;
  const tab = parseLoyaltyTab(params.get("tab"));

  let history = null;
  if (tab === "history") {
    const asked = parseHistoryPage(params.get("page"));
    history = listPointsHistory(db, user.id, { page: asked.page });
    // a stale link past the end goes to the last page
    if (asked.pageGiven && asked.page > history.pageCount) throw redirect(loyaltyHref("history", history.pageCount));
  }
  const rewards =
    tab === "rewards"
      ? listAvailableRewards(db).map((reward) => ({
          id: reward.id,
          name: reward.name,
          description: reward.description,
          pointsCost: reward.pointsCost,
          effect: rewardEffectText(reward.rewardType, reward.rewardValue),
          productName: reward.rewardType === "free_product" ? reward.productName : null,
        }))
      : null;

  return json(
    {
      tab,
      balance: pointsBalance(db, user.id),
      redeemNotice: redeemRefusal(user)?.message ?? null,
      vouchers: listUnusedVouchers(db, user.id).map((voucher) => ({
        id: voucher.id,
        code: voucher.code,
        rewardName: voucher.rewardName,
        effect: rewardEffectText(voucher.rewardType, voucher.rewardValue),
        productName: voucher.rewardType === "free_product" ? voucher.productName : null,
      })),
      rewards,
      history,
      idempotencyKey: issueIdempotencyKey(),
    },
    { headers: NO_STORE },
  );
}

function rewardIdFrom(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\s*\d{1,12}\s*$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/**
 * Redeem: one reward card's form ({rewardId, idempotencyKey}). Always back to the page with a notice:
 * "Success!" with the voucher, or "Error" with the reason (nothing is written then).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData().catch(() => new FormData());
  const rewardId = rewardIdFrom(formData.get("rewardId"));
  let toast: Toast;
  try {
    const result =
      rewardId === null ? null : redeemReward(getDb(), user, rewardId, idempotencyKeyFrom(formData));
    if (result?.ok) {
      toast = { title: REDEEM_SUCCESS_TITLE, description: result.value.message };
    } else {
      const message = result ? result.message : REWARD_UNAVAILABLE;
      toast = { title: REDEEM_ERROR_TITLE, description: message || REDEEM_FAILED, variant: "destructive" };
    }
  } catch (error) {
    console.error("Redeeming a reward failed", error);
    toast = { title: REDEEM_ERROR_TITLE, description: REDEEM_FAILED, variant: "destructive" };
  }
  return redirect(LOYALTY_PATH, { headers: { "Set-Cookie": await flashToast(request, toast) } });
}

type PageData = SerializeFrom<typeof loader>;
type RewardView = NonNullable<PageData["rewards"]>[number];
type HistoryEntry = NonNullable<PageData["history"]>["items"][number];

export default function LoyaltyPage() {
  const { tab, balance, redeemNotice, vouchers, rewards, history, idempotencyKey } = useLoaderData<typeof loader>();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="text-sm">
        <Link to="/account/dashboard" className="text-slate-600 hover:text-brand-700 hover:underline">
          ← Your account
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">Loyalty Rewards</h1>
      <p className="mt-2 text-slate-600">Earn points on every order and spend them on vouchers for your next one.</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="balance-heading"
          className="rounded-xl bg-brand-700 p-6 text-white shadow-sm lg:col-span-1"
        >
          <h2 id="balance-heading" className="text-sm font-medium uppercase tracking-wide text-white/80">
            Your points balance
          </h2>
          <p className="mt-2 text-4xl font-bold tabular-nums" data-testid="points-balance">
            {pointsText(balance)}
          </p>
          <p className="mt-3 text-sm text-white/90">1 point for every £1 you spend (ex VAT)</p>
        </section>

        <section aria-labelledby="how-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm lg:col-span-2">
          <h2 id="how-heading" className="text-lg font-semibold text-slate-900">
            How It Works
          </h2>
          <ol className="mt-4 grid gap-4 sm:grid-cols-3">
            <Step number={1} title="Shop & Earn">
              Earn 1 point for every whole £1 of each order&apos;s subtotal before VAT, credited when the order is
              placed (or approved).
            </Step>
            <Step number={2} title="Browse Rewards">
              Browse the rewards below and choose the one that suits your business.
            </Step>
            <Step number={3} title="Redeem & Save">
              Redeem your points for a voucher, and checkout offers it on your next order.
            </Step>
          </ol>
        </section>
      </div>

      {vouchers.length > 0 ? <VoucherList vouchers={vouchers} /> : null}

      <nav aria-label="Loyalty sections" className="mt-10 border-b border-slate-200">
        <ul className="-mb-px flex gap-2">
          {LOYALTY_TABS.map((name) => {
            const active = name === tab;
            return (
              <li key={name}>
                <Link
                  to={loyaltyHref(name)}
                  aria-current={active ? "page" : undefined}
                  preventScrollReset
                  className={`inline-block border-b-2 px-4 py-2 text-sm font-semibold ${
                    active
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                  }`}
                >
                  {LOYALTY_TAB_LABELS[name]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

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

function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{children}</p>
  );
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        aria-hidden
        className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
      >
        {number}
      </span>
      <div>
        <h3 className="font-semibold text-slate-900">
          <span className="sr-only">Step {number}: </span>
          {title}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{children}</p>
      </div>
    </li>
  );
}

function VoucherList({ vouchers }: { vouchers: PageData["vouchers"] }) {
  return (
    <section aria-labelledby="vouchers-heading" className="mt-8">
      <h2 id="vouchers-heading" className="text-xl font-semibold text-slate-900">
        Your vouchers
      </h2>
      <p className="mt-1 text-sm text-slate-600">Each voucher can be used once, on any order.</p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {vouchers.map((voucher) => (
          <li
            key={voucher.id}
            data-testid="voucher"
            className="flex flex-col rounded-xl border border-dashed border-brand-600 bg-brand-50 p-4"
          >
            <p className="font-mono text-lg font-bold tracking-wider text-slate-900">{voucher.code}</p>
            <p className="mt-1 font-medium text-slate-900">{voucher.rewardName}</p>
            <p className="text-sm text-slate-700">
              {voucher.effect}
              {voucher.productName ? `: ${voucher.productName}` : ""}
            </p>
            <div className="mt-auto pt-3">
              <Link
                to={`/checkout?voucher=${encodeURIComponent(voucher.code)}`}
                className="text-sm font-semibold text-brand-700 hover:underline"
                aria-label={`Use voucher ${voucher.code} at checkout`}
              >
                Use at checkout
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RewardList({
  rewards,
  balance,
  redeemNotice,
  idempotencyKey,
}: {
  rewards: RewardView[];
  balance: number;
  redeemNotice: string | null;
  idempotencyKey: string;
}) {
  const navigation = useNavigation();
  const pendingId = navigation.state !== "idle" ? navigation.formData?.get("rewardId") ?? null : null;

  if (rewards.length === 0) {
    return <EmptyState>{NO_REWARDS_AVAILABLE}</EmptyState>;
  }
  return (
    <>
      {redeemNotice ? (
        <p role="note" className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {redeemNotice}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {rewards.map((reward) => {
          const short = pointsShortfall(reward.pointsCost, balance) > 0;
          const pending = pendingId === String(reward.id);
          return (
            <li
              key={reward.id}
              data-testid="reward-card"
              aria-labelledby={`reward-${reward.id}`}
              className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <h3 id={`reward-${reward.id}`} className="font-semibold text-slate-900">
                  {reward.name}
                </h3>
                <span className="shrink-0 rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
                  {formatPoints(reward.pointsCost)} pts
                </span>
              </div>
              {reward.description ? <p className="mt-2 text-sm text-slate-600">{reward.description}</p> : null}
              <p className="mt-3 text-sm font-medium text-emerald-700">{reward.effect}</p>
              {reward.productName ? <p className="text-sm text-slate-700">{reward.productName}</p> : null}
              <Form method="post" action={LOYALTY_PATH} className="mt-auto pt-4">
                <input type="hidden" name="rewardId" value={reward.id} />
                <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
                <Button
                  type="submit"
                  className="w-full"
                  disabled={short || redeemNotice !== null || pendingId !== null}
                >
                  {pending ? "Redeeming..." : redeemButtonLabel(reward.pointsCost, balance)}
                </Button>
              </Form>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function HistoryList({ items }: { items: HistoryEntry[] }) {
  if (items.length === 0) {
    return <EmptyState>{NO_TRANSACTION_HISTORY}</EmptyState>;
  }
  return (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {items.map((entry) => {
        const gain = pointsTone(entry.points) === "gain";
        return (
          <li key={entry.id} data-testid="history-row" className="flex items-center gap-4 px-4 py-3">
            <TransactionIcon type={entry.transactionType} />
            <div className="min-w-0 flex-1">
              <p className="break-words font-medium text-slate-900">
                {entry.description || transactionTypeLabel(entry.transactionType)}
              </p>
              <p className="text-sm text-slate-500">
                <time dateTime={entry.createdAt}>{formatHistoryDateTime(entry.createdAt)}</time>
                {entry.order ? <span> · Order {entry.order.orderNumber}</span> : null}
              </p>
            </div>
            <span
              data-testid="history-points"
              className={`shrink-0 text-lg font-semibold tabular-nums ${gain ? "text-emerald-700" : "text-red-700"}`}
            >
              {formatSignedPoints(entry.points)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

const ICON_TONES: Record<LoyaltyTransactionType, string> = {
  earned: "bg-emerald-100 text-emerald-700",
  redeemed: "bg-brand-100 text-brand-800",
  expired: "bg-slate-100 text-slate-600",
  adjusted: "bg-amber-100 text-amber-800",
};

/** A distinct picture per entry type: a coin for earned, a gift for redeemed, a clock for expired, scales for adjusted. */
function TransactionIcon({ type }: { type: LoyaltyTransactionType }) {
  const paths: Record<LoyaltyTransactionType, ReactNode> = {
    earned: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v10M7 12h10" />
      </>
    ),
    redeemed: (
      <>
        <rect x="3" y="8" width="18" height="4" rx="1" />
        <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-3.5-5-1.5S10 8 12 8zM12 8c1.5-3 5-3.5 5-1.5S14 8 12 8z" />
      </>
    ),
    expired: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </>
    ),
    adjusted: <path d="M4 7h11M15 4l3 3-3 3M20 17H9M9 14l-3 3 3 3" />,
  };
  return (
    <span className={`grid h-10 w-10 shrink-0 place-items-center rounded-full ${ICON_TONES[type] ?? ICON_TONES.adjusted}`}>
      <svg
        role="img"
        aria-label={transactionTypeLabel(type)}
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {paths[type] ?? paths.adjusted}
      </svg>
    </span>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">We could not load your loyalty rewards</h1>
      <p className="mt-4 text-slate-600">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : "Something went wrong while loading your points and rewards. Please try again in a moment."}
      </p>
      <Link to={LOYALTY_PATH} className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 text-white hover:bg-brand-800">
        Try again
      </Link>
    </div>
  );
}
