/**
 * The back office's Companies screen and /api/admin/companies: one schema per command, shared by the forms and
 * the API. Safe for the browser.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { optionalText } from "~/domain/users/user.schema";

export const COMPANIES_PATH = "/admin/companies";
export const COMPANIES_PAGE_SIZE = 25;

const nameField = z
  .string({ required_error: "Company name is required", invalid_type_error: "Company name is required" })
  .trim()
  .min(1, "Company name is required")
  .max(200, "Company name must be 200 characters or fewer");

/** A form's "on"/"true"/"false" (or absent: false) or JSON's boolean. */
const booleanish = (label: string) =>
  z.preprocess(
    (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value),
    z.boolean({ invalid_type_error: `${label} must be true or false` }),
  );

/** A form's "" (no tier) or an id; JSON's number or null. */
const priceTierIdField = z.preprocess(
  (value) => (value === "" ? null : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
  z
    .number({ invalid_type_error: "Price tier must be a number or null" })
    .int("Price tier must be a whole number")
    .positive("Price tier must be a positive number")
    .nullable(),
);

const termsFields = {
  vatNumber: optionalText("VAT number", 50),
  companyNumber: optionalText("Company number", 20),
  address: optionalText("Address", 500),
  priceTierId: priceTierIdField.optional(),
  requiresApproval: booleanish("requiresApproval").optional(),
};

/** POST /api/admin/companies: a new company (its people are then added from the Users screen or invited). */
export const createCompanySchema = z.object({ name: nameField, ...termsFields });
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

const HOLD_REASON_REQUIRED = "Say why the account is on hold: its buyers are shown the reason";

/**
 * PATCH /api/admin/companies/{id}: any of the details and terms; `onHold: true` with `holdReason` puts the
 * company on hold (it cannot order), `onHold: false` releases it.
 */
export const updateCompanySchema = z
  .object({
    name: nameField.optional(),
    ...termsFields,
    onHold: booleanish("onHold").optional(),
    holdReason: optionalText("Reason", 500),
  })
  .superRefine((value, ctx) => {
    if (value.onHold === true && !value.holdReason) ctx.addIssue({ code: z.ZodIssueCode.custom, message: HOLD_REASON_REQUIRED, path: ["holdReason"] });
  });
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

/** The detail screen's forms. */
export const holdFormSchema = z.object({ holdReason: z.string().trim().min(1, HOLD_REASON_REQUIRED).max(500, "Reason must be 500 characters or fewer") });
/** A form sends an emptied field as nothing at all: on this form that clears it. */
const formText = (label: string, max: number) => optionalText(label, max).transform((value) => value ?? null);

export const termsFormSchema = z.object({
  name: nameField,
  vatNumber: formText("VAT number", 50),
  companyNumber: formText("Company number", 20),
  address: formText("Address", 500),
  priceTierId: priceTierIdField.optional().transform((value) => value ?? null),
  requiresApproval: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

export const companyListQuerySchema = z.object({
  search: z.string().trim().max(200).optional().catch(undefined),
  page: pageField(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
