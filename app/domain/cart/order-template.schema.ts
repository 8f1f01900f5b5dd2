/**
 * Order templates: a named list of products, quantities and variants a customer orders again and again.
 * One schema per command, shared by the cart page's Save as Template form (browser and server) and the
 * JSON API. Browser-safe: no server imports.
 */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { cartLineRefSchema, MAX_LINE_QUANTITY } from "./cart.schema";

export const TEMPLATE_NAME_REQUIRED = "Name required";
export const TEMPLATE_NAME_REQUIRED_DESCRIPTION = "Please enter a name for your template.";
export const TEMPLATE_SAVE_FAILED = "Failed to save template. Please try again.";
export const TEMPLATE_DELETE_FAILED = "Failed to delete template. Please try again.";
export const TEMPLATE_LOAD_FAILED = "Failed to load template. Some products may not be available.";
export const TEMPLATE_NOT_FOUND = "Template not found";
export const TEMPLATE_SHARE_FAILED = "Failed to change sharing. Please try again.";
export const TEMPLATE_COPY_FAILED = "Failed to save a copy. Please try again.";
export const TEMPLATE_EDIT_FAILED = "Failed to update template. Please try again.";
/** What the templates page says of a template that is not (or no longer) there for the person. */
export const TEMPLATE_GONE = "This template no longer exists.";

const FAILED_TITLES: Record<string, string> = {
  load: TEMPLATE_LOAD_FAILED,
  delete: TEMPLATE_DELETE_FAILED,
  share: TEMPLATE_SHARE_FAILED,
  unshare: TEMPLATE_SHARE_FAILED,
  copy: TEMPLATE_COPY_FAILED,
  edit: TEMPLATE_EDIT_FAILED,
};

/** Whether a templates-page form's intent is one the page knows. */
export const isTemplateIntent = (intent: unknown): boolean => typeof intent === "string" && Object.hasOwn(FAILED_TITLES, intent);

/** What a failed (or lost) post of a templates-page form is called, by its intent. */
export function templateFailedTitle(intent: unknown): string {
  return isTemplateIntent(intent) ? FAILED_TITLES[intent as string] : TEMPLATE_LOAD_FAILED;
}

export const TEMPLATE_NAME_MAX_LENGTH = 200;
export const TEMPLATE_DESCRIPTION_MAX_LENGTH = 1000;
/** As many lines as a cart may hold. */
export const MAX_TEMPLATE_ITEMS = 1000;
/** Templates are shortcuts, not an archive: past this many, the customer tidies up first. */
export const MAX_TEMPLATES_PER_USER = 100;

export const TEMPLATE_ITEMS_REQUIRED = "A template needs at least one item";
export const TEMPLATE_QUANTITY_MESSAGE = "Quantity must be a positive whole number";

/** Required; surrounding spaces are trimmed, so a name of only spaces counts as no name. */
const nameField = z
  .string({ required_error: TEMPLATE_NAME_REQUIRED, invalid_type_error: TEMPLATE_NAME_REQUIRED })
  .trim()
  .min(1, TEMPLATE_NAME_REQUIRED)
  .max(TEMPLATE_NAME_MAX_LENGTH, `Keep the name to ${TEMPLATE_NAME_MAX_LENGTH} characters or fewer`);

/** Optional; empty or blank becomes null (the form's empty field and the API's "" or null alike). */
const descriptionField = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return null;
    if (typeof value !== "string") return value;
    const trimmed = value.trim();
    return trimmed === "" ? null : trimmed;
  },
  z
    .string({ invalid_type_error: "Description must be text" })
    .max(
      TEMPLATE_DESCRIPTION_MAX_LENGTH,
      `Keep the description to ${TEMPLATE_DESCRIPTION_MAX_LENGTH.toLocaleString("en-GB")} characters or fewer`,
    )
    .nullable(),
);

/** Save the current cart as a template: the cart page's dialog. */
export const saveTemplateSchema = z.object({
  name: nameField,
  description: descriptionField,
});
export type SaveTemplateInput = z.infer<typeof saveTemplateSchema>;

const quantityField = z
  .number({ required_error: TEMPLATE_QUANTITY_MESSAGE, invalid_type_error: TEMPLATE_QUANTITY_MESSAGE })
  .int(TEMPLATE_QUANTITY_MESSAGE)
  .positive(TEMPLATE_QUANTITY_MESSAGE)
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

/**
 * One line of a template sent by an API client. `productName` is accepted as the spec sends it, but the
 * server stores the product's own name.
 */
const templateItemSchema = z.object({
  productId: cartLineRefSchema.shape.productId,
  productName: z.string().max(500).optional(),
  quantity: quantityField,
  selectedVariants: cartLineRefSchema.shape.selectedVariants,
});

const itemsField = z
  .array(templateItemSchema, { required_error: TEMPLATE_ITEMS_REQUIRED, invalid_type_error: TEMPLATE_ITEMS_REQUIRED })
  .min(1, TEMPLATE_ITEMS_REQUIRED)
  .max(MAX_TEMPLATE_ITEMS, `A template holds at most ${MAX_TEMPLATE_ITEMS} items`);
export type TemplateItemInput = z.infer<typeof templateItemSchema>;

/** POST /api/order-templates. */
export const createTemplateSchema = saveTemplateSchema.extend({ items: itemsField });
export type CreateTemplateInput = z.infer<typeof createTemplateSchema>;

export const SHARED_MUST_BE_BOOLEAN = "shared must be true or false";
export const NOTHING_TO_CHANGE = "Nothing to change: send name, description, shared or items";

/**
 * PATCH /api/order-templates/{id}: any of name, description, shared and items (the new lines, replacing the
 * old). An absent field is left as it is; description null or "" clears it.
 */
export const updateTemplateSchema = z
  .object({
    name: nameField.optional(),
    description: descriptionField.optional(),
    shared: z.boolean({ invalid_type_error: SHARED_MUST_BE_BOOLEAN }).optional(),
    items: itemsField.optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: NOTHING_TO_CHANGE });
export type UpdateTemplateInput = z.infer<typeof updateTemplateSchema>;

/** POST /api/order-templates/{id}/copy: the copy's name, the list's own name when none is given. */
export const copyTemplateSchema = z.object({ name: nameField.optional() });
export type CopyTemplateInput = z.infer<typeof copyTemplateSchema>;

/** The template id posted by the Load and Delete buttons. */
export const templateIdSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value),
  z
    .number({ required_error: TEMPLATE_NOT_FOUND, invalid_type_error: TEMPLATE_NOT_FOUND })
    .int(TEMPLATE_NOT_FOUND)
    .positive(TEMPLATE_NOT_FOUND)
    .max(Number.MAX_SAFE_INTEGER, TEMPLATE_NOT_FOUND),
);

/** The page of the templates list a form came from (1 when absent or not a page number). */
const listPageField = pageField();

/**
 * The buttons of a template on the templates page (Load into Cart, Delete, Share, Stop sharing, Save a copy):
 * which template, and the list pages to go back to.
 */
export const templateCommandSchema = z.object({
  intent: z.enum(["load", "delete", "share", "unshare", "copy"]),
  templateId: templateIdSchema,
  page: listPageField,
  sharedPage: listPageField,
});
export type TemplateIntent = z.infer<typeof templateCommandSchema>["intent"];

/** The templates page's Edit dialog: a new name and description, and optionally the cart's lines for the old. */
export const editTemplateFormSchema = saveTemplateSchema.extend({
  intent: z.literal("edit"),
  templateId: templateIdSchema,
  page: listPageField,
  sharedPage: listPageField,
  replaceLines: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

/** The list page asked for in a URL or posted by a form (1 when absent or not a page number). */
export function templateListPage(value: unknown): number {
  return listPageField.parse(value);
}
