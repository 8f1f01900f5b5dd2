/**
 * The pack rule fields of the admin product and variant forms, the admin API and the product CSV:
 * `minOrderQuantity`, `orderMultiple` and `unitsPerPack` are whole numbers from 1 to 10,000, `packLabel` text of
 * at most 60 characters; blank (or null) means no rule (on a variant: the product's). Browser-safe.
 */
import { z } from "zod";
import { MAX_PACK_LABEL, MAX_PACK_NUMBER } from "./pack-rules";

export const PACK_FIELD_LABELS = {
  minOrderQuantity: "Minimum order quantity",
  orderMultiple: "Order multiple",
  packLabel: "Pack label",
  unitsPerPack: "Units per pack",
} as const;

/** What is wrong with a pack number as typed ("12", 12), or null when it is fine or blank; the number itself. */
export function readPackNumber(label: string, value: unknown): { value: number | null } | { problem: string } {
  if (value === undefined || value === null) return { value: null };
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : null;
  if (text === null) return { problem: `${label} must be a whole number` };
  if (text === "") return { value: null };
  if (!/^\d+$/.test(text) || Number(text) < 1) return { problem: `${label} must be a whole number of 1 or more` };
  if (Number(text) > MAX_PACK_NUMBER) return { problem: `${label} must be at most ${MAX_PACK_NUMBER.toLocaleString("en-GB")}` };
  return { value: Number(text) };
}

/** A pack label as typed: white space folded, blank → null; or what is wrong with it. */
export function readPackLabel(value: unknown): { value: string | null } | { problem: string } {
  if (value === undefined || value === null) return { value: null };
  if (typeof value !== "string") return { problem: `${PACK_FIELD_LABELS.packLabel} must be text` };
  const text = value.replace(/\s+/g, " ").trim();
  if (text === "") return { value: null };
  if (text.length > MAX_PACK_LABEL) return { problem: `${PACK_FIELD_LABELS.packLabel} must be at most ${MAX_PACK_LABEL} characters` };
  return { value: text };
}

function field<T>(read: (value: unknown) => { value: T } | { problem: string }) {
  return z.unknown().transform((value, ctx): T => {
    const result = read(value);
    if ("problem" in result) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: result.problem });
      return z.NEVER;
    }
    return result.value;
  });
}

/** The four fields, for a product's or a variant's schema. */
export const packRuleFields = {
  minOrderQuantity: field((value) => readPackNumber(PACK_FIELD_LABELS.minOrderQuantity, value)),
  orderMultiple: field((value) => readPackNumber(PACK_FIELD_LABELS.orderMultiple, value)),
  packLabel: field(readPackLabel),
  unitsPerPack: field((value) => readPackNumber(PACK_FIELD_LABELS.unitsPerPack, value)),
};
