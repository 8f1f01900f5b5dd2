import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { FieldErrors, SelectField, TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { ProductFinder, ProductSelect } from "~/components/admin/rule-form-fields";
import { RecordForm, type RecordFormProps } from "~/components/admin/record-screen";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/ui/use-hydrated";
import {
  DEFAULT_POINTS_COST,
  DEFAULT_REWARD_TYPE,
  londonDateInput,
  loyaltyRewardFormSchema,
  REWARD_DESCRIPTION_MAX,
  REWARD_NAME_MAX,
  REWARD_TYPE_LABELS,
  REWARD_TYPES,
  rewardTypeHasValue,
  type RewardType,
} from "~/domain/loyalty/reward.schema";
import type { loader } from "./route";

type Data = SerializeFrom<typeof loader>;
type Reward = Data["rewards"][number];

/** The create / edit form of a reward, with the free product picker's search above it. */
export function RewardForm({ record: reward, data, hidden, keep, cancelHref, lastResult }: RecordFormProps<Reward> & { data: Data }) {
  const hydrated = useHydrated();
  const { form, fields, saving } = useAdminForm({
    id: `reward-${reward?.id ?? "new"}`,
    schema: loyaltyRewardFormSchema,
    intent: reward ? "update" : "create",
    lastResult,
    defaultValue: reward
      ? {
          name: reward.name,
          description: reward.description ?? "",
          pointsCost: String(reward.pointsCost),
          rewardType: reward.rewardType,
          rewardValue: reward.rewardValue ?? "",
          productId: reward.productId === null ? "" : String(reward.productId),
          isActive: reward.isActive ? "on" : undefined,
          validFrom: londonDateInput(reward.validFrom),
          validUntil: londonDateInput(reward.validUntil),
        }
      : {
          name: "",
          description: "",
          pointsCost: String(DEFAULT_POINTS_COST),
          rewardType: DEFAULT_REWARD_TYPE,
          rewardValue: "",
          productId: "",
          isActive: "on",
          validFrom: "",
          validUntil: "",
        },
  });
  const type = (fields.rewardType.value ?? DEFAULT_REWARD_TYPE) as RewardType;
  // Without JavaScript every field shows (with a note on when it applies); with it, only those the type uses.
  const showValue = !hydrated || rewardTypeHasValue(type);
  const showProduct = !hydrated || type === "free_product";
  const valueLabel = !hydrated
    ? "Reward Value"
    : type === "discount_fixed"
      ? "Discount Amount (£)"
      : "Discount Percentage";

  return (
    <>
      {showProduct ? (
        <ProductFinder picker={data} label="Find the free product" keep={keep} />
      ) : null}
      <RecordForm form={form} id={reward?.id} hidden={hidden} cancelHref={cancelHref} saving={saving}>
        <Field
          label="Name"
          errors={fields.name.errors}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: REWARD_NAME_MAX, autoComplete: "off" }}
        />
        <TextareaField
          label="Description"
          errors={fields.description.errors}
          errorId={fields.description.errorId}
          textareaProps={{ ...getTextareaProps(fields.description), maxLength: REWARD_DESCRIPTION_MAX, rows: 2 }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Points Cost"
            errors={fields.pointsCost.errors}
            inputProps={{ ...getInputProps(fields.pointsCost, { type: "number" }), min: 1, step: 1, inputMode: "numeric" }}
          />
          <SelectField
            label="Reward Type"
            errors={fields.rewardType.errors}
            errorId={fields.rewardType.errorId}
            selectProps={getSelectProps(fields.rewardType)}
          >
            {REWARD_TYPES.map((option) => (
              <option key={option} value={option}>
                {REWARD_TYPE_LABELS[option]}
              </option>
            ))}
          </SelectField>
          {showValue ? (
            <Field
              label={valueLabel}
              hint={
                hydrated
                  ? type === "discount_fixed"
                    ? "Pounds off the order's goods, e.g. 5.00."
                    : "Percent off the order's goods, more than 0 and up to 100."
                  : "For a percentage discount: the percent off (e.g. 10). For a fixed amount discount: the pounds off (e.g. 5.00). Leave blank for other types."
              }
              errors={fields.rewardValue.errors}
              inputProps={{
                ...getInputProps(fields.rewardValue, { type: "number" }),
                min: 0.01,
                step: 0.01,
                inputMode: "decimal",
              }}
            />
          ) : null}
          {showProduct ? (
            <ProductSelect
              field={fields.productId}
              products={data.products}
              hint={hydrated ? "The product added free to the customer's next order." : "Only for a free product reward."}
            />
          ) : null}
          <Field
            label="Valid From"
            hint="Optional. Blank: valid from when the reward is created."
            errors={fields.validFrom.errors}
            inputProps={getInputProps(fields.validFrom, { type: "date" })}
          />
          <Field
            label="Valid Until"
            hint="Optional. Blank: no end date."
            errors={fields.validUntil.errors}
            inputProps={getInputProps(fields.validUntil, { type: "date" })}
          />
        </div>
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input
              {...getInputProps(fields.isActive, { type: "checkbox" })}
              className="mt-0.5 h-4 w-4 rounded border-slate-300"
            />
            <span>
              <span className="font-medium">Active</span>
              <span className="block text-xs text-slate-500">Customers can redeem only active rewards.</span>
            </span>
          </label>
          <FieldErrors id={fields.isActive.errorId} errors={fields.isActive.errors} />
        </div>
      </RecordForm>
    </>
  );
}
