/**
 * What a VAT return needs before it can go to HMRC through Making Tax Digital: the business's VAT registration
 * number (VRN) and HMRC's period key for the obligation it meets. Neither is a figure, so both may be entered
 * on a filed return too. Browser-safe: the screen's form and the API validate with the same schema.
 */
import { z } from "zod";

export const VRN_MESSAGE = "Enter the 9-digit VAT registration number";
export const PERIOD_KEY_MESSAGE = "Enter the period key HMRC gives for this return (4 characters, e.g. 26K1)";
export const SUBMISSION_DETAILS_SAVED = "Making Tax Digital details saved";

/** Said on the screen, in the API docs and in decision 0039: there is no direct submission yet. */
export const MTD_OFFLINE_NOTICE =
  "Sending this return to HMRC from here is not available yet: it needs HMRC sign-in (OAuth) and the fraud-prevention headers. Download the JSON or the bridging CSV and submit it with bridging software.";

/**
 * HMRC's schema asks for exactly 4 characters, "four alphanumeric characters; occasionally the format includes
 * the # symbol" (18AD, 18A1, #001). Keys are written in capitals, so a key typed in lower case is raised.
 */
export const PERIOD_KEY_PATTERN = /^[A-Z0-9#]{4}$/;

/** "GB 123 4567 89" → "123456789"; null when what is left is not 9 digits. */
export function normaliseVrn(text: string): string | null {
  const compact = text.replace(/\s+/g, "").replace(/^GB/i, "");
  return /^\d{9}$/.test(compact) ? compact : null;
}

const vatRegistrationNumber = z
  .string({ required_error: VRN_MESSAGE, invalid_type_error: VRN_MESSAGE })
  .transform((value, ctx) => {
    const vrn = normaliseVrn(value);
    if (vrn === null) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VRN_MESSAGE });
      return z.NEVER;
    }
    return vrn;
  });

const periodKey = z
  .string({ required_error: PERIOD_KEY_MESSAGE, invalid_type_error: PERIOD_KEY_MESSAGE })
  .trim()
  .toUpperCase()
  .regex(PERIOD_KEY_PATTERN, PERIOD_KEY_MESSAGE);

/**
 * PATCH /api/admin/vat-returns/{id} {vatRegistrationNumber, periodKey} and the Making Tax Digital panel's form.
 * The output is the VRN as 9 digits and the period key in capitals.
 */
export const vatReturnSubmissionDetailsSchema = z.object({ vatRegistrationNumber, periodKey });
export type VatReturnSubmissionDetails = z.infer<typeof vatReturnSubmissionDetailsSchema>;
