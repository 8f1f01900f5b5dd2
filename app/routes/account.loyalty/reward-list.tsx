import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import {
  formatPoints,
  LOYALTY_PATH,
  NO_REWARDS_AVAILABLE,
  pointsShortfall,
  redeemButtonLabel,
} from "~/domain/loyalty/loyalty-account.schema";
import type { RewardCardView } from "~/domain/loyalty/loyalty-account.server";
import { IDEMPOTENCY_FIELD } from "~/utils/idempotency";
import { EmptyState } from "./empty-state";

/** The rewards on offer, each card a plain form that redeems it ("Need N more points" when the balance is short). */
export function RewardList({
  rewards,
  balance,
  redeemNotice,
  idempotencyKey,
}: {
  rewards: RewardCardView[];
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
