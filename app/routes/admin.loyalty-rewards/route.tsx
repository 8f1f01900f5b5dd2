import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { adminPageTitle } from "~/utils/company-brand";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminErrorBoundary } from "~/components/admin/admin-error";
import { Badge } from "~/components/admin/badge";
import { listHref, safeReturnHref } from "~/components/admin/form/list-hrefs";
import { RecordScreen } from "~/components/admin/record-screen";
import { RecordActions, RuleListTable } from "~/components/admin/rule-list-table";
import {
  CONFIRM_DELETE_REWARD,
  formatRewardDate,
  formatRewardValue,
  loyaltyRewardFormSchema,
  NO_REWARDS,
  REWARD_CREATED,
  REWARD_DELETE_FAILED,
  REWARD_DELETED,
  REWARD_TYPE_LABELS,
  REWARD_UPDATED,
} from "~/domain/loyalty/reward.schema";
import {
  createLoyaltyReward,
  deleteLoyaltyReward,
  getLoyaltyReward,
  listLoyaltyRewards,
  loyaltyRewardJson,
  REWARD_NOT_FOUND,
  updateLoyaltyReward,
} from "~/domain/loyalty/rewards.server";
import { pickerQuerySchema } from "~/domain/pricing/pricing-rules.schema";
import { productPicker } from "~/domain/shared/pickers.server";
import type { FormActionData } from "~/utils/form-reply.server";
import { parseDecimalToHundredths } from "~/utils/money";
import { requestedPage } from "~/utils/paging";
import { dialogState, recordScreenAction, screenJson, screenRequest } from "~/utils/record-screen.server";
import { RewardForm } from "./reward-form";

export const meta: MetaFunction = ({ matches }) => [{ title: adminPageTitle(matches, "Loyalty Rewards") }];

const PATH = "/admin/loyalty-rewards";

export async function loader({ request }: LoaderFunctionArgs) {
  const { db, params } = await screenRequest(request, "pricing");
  const list = listLoyaltyRewards(db, { page: requestedPage(params.get("page")) });
  const picker = pickerQuerySchema.parse(Object.fromEntries(params));
  const dialogs = dialogState(params, (id) => getLoyaltyReward(db, id), loyaltyRewardJson);

  return screenJson({
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    rewards: list.items.map(loyaltyRewardJson),
    ...dialogs,
    ...productPicker(db, {
      open: dialogs.creating || dialogs.editing !== null,
      q: picker.product,
      includeId: dialogs.editing?.productId,
    }),
  });
}

// a function, not a module-level call: the browser bundle drops `action` but would keep (and run) a call
export async function action(args: ActionFunctionArgs) {
  return recordScreenAction({
    area: "pricing",
    schema: loyaltyRewardFormSchema,
    fields: [
      "name",
      "description",
      "pointsCost",
      "rewardType",
      "rewardValue",
      "productId",
      "isActive",
      "validFrom",
      "validUntil",
    ],
    // only the rewards list itself may be where a form returns to
    returnTo: (formData) =>
      safeReturnHref(PATH, formData.get("returnTo"), (params) => ({
        page: requestedPage(params.get("page")),
      })),
    notFound: REWARD_NOT_FOUND,
    deleteMissing: REWARD_DELETE_FAILED,
    create: createLoyaltyReward,
    update: updateLoyaltyReward,
    remove: deleteLoyaltyReward,
    savedToast: (reward, intent) => ({
      title: intent === "create" ? REWARD_CREATED : REWARD_UPDATED,
      description: `${reward.name} costs ${reward.pointsCost.toLocaleString("en-GB")} points${
        reward.isActive ? "" : " (inactive)"
      }.`,
    }),
    deletedToast: (deleted) => ({
      title: REWARD_DELETED,
      description: `${deleted.name} is no longer offered. Vouchers already redeemed stay valid.`,
    }),
  })(args);
}

type Reward = SerializeFrom<typeof loader>["rewards"][number];

export default function AdminLoyaltyRewards() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as FormActionData | undefined;
  const { page } = data;

  return (
    <RecordScreen
      path={PATH}
      list={{ page }}
      state={data}
      dialogSize="lg"
      texts={{
        title: "Loyalty Rewards",
        description: "What customers can spend their points on. Customers earn 1 point per whole pound spent (ex VAT).",
        add: "Add Reward",
        createTitle: "Create Reward",
        editTitle: "Edit Reward",
        deleteTitle: "Delete Reward",
        missing: "That reward no longer exists.",
      }}
      actionData={actionData}
      form={(props) => <RewardForm {...props} data={data} />}
      confirmDelete={(reward) => (
        <>
          <p>{CONFIRM_DELETE_REWARD}</p>
          <p className="mt-2">
            <strong>{reward.name}</strong> · {reward.pointsCost.toLocaleString("en-GB")} points. Vouchers customers have
            already redeemed stay valid.
          </p>
        </>
      )}
    >
      <RuleListTable
        caption="Loyalty rewards"
        rows={data.rewards}
        row={(reward) => <RewardItem key={reward.id} reward={reward} page={page} />}
        empty={{
          text: NO_REWARDS,
          create: {
            label: "Create your first reward",
            href: listHref(PATH, { page }, { dialog: "new" }),
          },
        }}
        pagination={{
          page,
          pageCount: data.pageCount,
          total: data.total,
          noun: ["reward", "rewards"],
          hrefFor: (page) => listHref(PATH, { page }),
        }}
      />
    </RecordScreen>
  );
}

function valueText(reward: Reward) {
  const value = reward.rewardValue === null ? null : parseDecimalToHundredths(reward.rewardValue);
  return formatRewardValue(reward.rewardType, value);
}

function RewardItem({ reward, page }: { reward: Reward; page: number }) {
  const value = valueText(reward);
  return (
    <li
      data-testid="reward-item"
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-slate-900">{reward.name}</h3>
          {reward.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
        </div>
        {reward.description ? <p className="mt-1 text-sm text-slate-600">{reward.description}</p> : null}
        <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <div>
            <dt className="inline text-slate-500">Points cost: </dt>
            <dd className="inline font-medium tabular-nums text-slate-900">
              {reward.pointsCost.toLocaleString("en-GB")} points
            </dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Type: </dt>
            <dd className="inline text-slate-900">
              {REWARD_TYPE_LABELS[reward.rewardType]}
              {value ? ` · ${value}` : ""}
            </dd>
          </div>
          {reward.productId !== null ? (
            <div>
              <dt className="inline text-slate-500">Product: </dt>
              <dd className="inline text-slate-900">{reward.product?.name ?? `Product #${reward.productId}`}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline text-slate-500">Valid from: </dt>
            <dd className="inline text-slate-900">{formatRewardDate(reward.validFrom)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-500">Valid until: </dt>
            <dd className="inline text-slate-900">
              {reward.validUntil ? formatRewardDate(reward.validUntil) : "No end date"}
            </dd>
          </div>
        </dl>
      </div>
      <RecordActions
        look="buttons"
        editHref={listHref(PATH, { page }, { edit: String(reward.id) })}
        deleteHref={listHref(PATH, { page }, { delete: String(reward.id) })}
        editLabel={`Edit ${reward.name}`}
        deleteLabel={`Delete ${reward.name}`}
      />
    </li>
  );
}

export const ErrorBoundary = AdminErrorBoundary;
