import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import { DialogActions, FieldErrors, HiddenFields, SelectField, TextareaField } from "~/components/admin/form/form-bits";
import { useAdminForm } from "~/components/admin/form/use-admin-form";
import { Field, FormError } from "~/components/ui/field";
import { userFormSchema, USER_ROLES } from "~/domain/users/user.schema";
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES } from "~/domain/users/staff-roles";
import type { AdminUserJson, PriceTierOption } from "~/domain/users/users.server";
import { formatPercent } from "~/utils/money";
import { roleLabel } from "./users-href";

/**
 * Create a user (with a password) or edit one (without); an admin cannot demote or deactivate themself. A full
 * admin also sets a back-office user's staff role; other staff create and edit customers only.
 */
export function UserForm({
  mode,
  user,
  isSelf = false,
  canManageStaff,
  tiers,
  hidden,
  cancelHref,
  lastResult,
}: {
  mode: "create" | "edit";
  user?: AdminUserJson;
  isSelf?: boolean;
  canManageStaff: boolean;
  tiers: PriceTierOption[];
  hidden: Record<string, string>;
  cancelHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const intent = mode === "create" ? "create" : "update";
  const { form, fields, saving } = useAdminForm({
    id: `user-form-${user?.id ?? "new"}`,
    schema: userFormSchema(mode),
    intent,
    lastResult,
    defaultValue: user
      ? {
          email: user.email,
          firstName: user.firstName ?? "",
          lastName: user.lastName ?? "",
          businessName: user.businessName ?? "",
          phone: user.phone ?? "",
          address: user.address ?? "",
          vatNumber: user.vatNumber ?? "",
          role: user.role,
          staffRole: user.staffRole ?? "",
          priceTierId: user.priceTierId === null ? "" : String(user.priceTierId),
          isActive: user.isActive ? "on" : undefined,
          requiresApproval: user.requiresApproval ? "on" : undefined,
          deliveryCharge: user.deliveryCharge ?? "",
        }
      : { role: "customer", staffRole: "", isActive: "on", priceTierId: "" },
  });
  const passwordField = (fields as typeof fields & { password?: typeof fields.email }).password;

  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {user ? <input type="hidden" name="id" value={user.id} /> : null}
      <HiddenFields values={hidden} />
      <FormError errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <Field
            label="Email"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          />
        </div>
        {mode === "create" && passwordField ? (
          <div className="sm:col-span-2">
            <Field
              label="Password"
              hint="At least 6 characters."
              errors={passwordField.errors}
              inputProps={{ ...getInputProps(passwordField, { type: "password" }), autoComplete: "new-password" }}
            />
          </div>
        ) : null}
        <Field label="First name" errors={fields.firstName.errors} inputProps={getInputProps(fields.firstName, { type: "text" })} />
        <Field label="Last name" errors={fields.lastName.errors} inputProps={getInputProps(fields.lastName, { type: "text" })} />
        <div className="sm:col-span-2">
          <Field
            label="Business name"
            errors={fields.businessName.errors}
            inputProps={getInputProps(fields.businessName, { type: "text" })}
          />
        </div>
        <div>
          <SelectField
            label="Role"
            errors={fields.role.errors}
            errorId={fields.role.errorId}
            hint={isSelf ? "You cannot change your own role." : undefined}
            selectProps={{ ...getSelectProps(fields.role), disabled: isSelf }}
          >
            {USER_ROLES.filter((role) => canManageStaff || role === "customer").map((role) => (
              <option key={role} value={role}>
                {roleLabel(role)}
              </option>
            ))}
          </SelectField>
          {isSelf ? <input type="hidden" name={fields.role.name} value="admin" /> : null}
        </div>
        {canManageStaff ? (
          <div>
            <SelectField
              label="Staff role"
              errors={fields.staffRole.errors}
              errorId={fields.staffRole.errorId}
              hint={
                isSelf
                  ? "Handing over? There must always be another active full admin before you take a narrower role."
                  : "For role Admin: which back-office screens they may use."
              }
              selectProps={getSelectProps(fields.staffRole)}
            >
              <option value="">Not back-office staff</option>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role} title={STAFF_ROLE_DESCRIPTIONS[role]}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </SelectField>
          </div>
        ) : null}
        <SelectField label="Price tier" errors={fields.priceTierId.errors} errorId={fields.priceTierId.errorId} selectProps={getSelectProps(fields.priceTierId)}>
          <option value="">No tier (list prices)</option>
          {tiers.map((tier) => (
            <option key={tier.id} value={String(tier.id)}>
              {tier.name} ({formatPercent(tier.discountPercentage)} off)
            </option>
          ))}
        </SelectField>
        <Field
          label="Delivery charge per order (£, ex VAT)"
          hint="Blank: the standard charge under Delivery & ordering. 0.00: always free for this customer."
          errors={fields.deliveryCharge.errors}
          inputProps={{ ...getInputProps(fields.deliveryCharge, { type: "text" }), inputMode: "decimal", placeholder: "Standard" }}
        />
        <Field label="Phone" errors={fields.phone.errors} inputProps={getInputProps(fields.phone, { type: "tel" })} />
        <Field label="VAT number" errors={fields.vatNumber.errors} inputProps={getInputProps(fields.vatNumber, { type: "text" })} />
        <div className="sm:col-span-2">
          <TextareaField
            label="Address"
            errors={fields.address.errors}
            errorId={fields.address.errorId}
            textareaProps={{ ...getTextareaProps(fields.address), rows: 2 }}
          />
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="sr-only">Account settings</legend>
        <CheckboxField
          label="Active"
          hint={isSelf ? "You cannot deactivate your own account." : "Inactive users cannot sign in; deactivating signs them out everywhere."}
          inputProps={{ ...getInputProps(fields.isActive, { type: "checkbox" }), disabled: isSelf }}
        />
        {isSelf ? <input type="hidden" name={fields.isActive.name} value="on" /> : null}
        <CheckboxField
          label="Orders require approval"
          hint="Each order waits for an admin before it is processed."
          inputProps={getInputProps(fields.requiresApproval, { type: "checkbox" })}
        />
        <FieldErrors id={fields.isActive.errorId} errors={fields.isActive.errors} />
      </fieldset>
      <DialogActions cancelHref={cancelHref} submitLabel={mode === "create" ? "Create User" : "Update User"} saving={saving} />
    </Form>
  );
}

/** A ticked-or-not setting with its explanation under the label. */
function CheckboxField({
  label,
  hint,
  inputProps,
}: {
  label: string;
  hint: string;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
}) {
  const { key, ...props } = inputProps;
  return (
    <label className="flex items-start gap-2 text-sm text-slate-800">
      <input key={key} {...props} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-slate-500">{hint}</span>
      </span>
    </label>
  );
}
