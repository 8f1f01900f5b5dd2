/** The product suggestion command, shared by the form (client and server) and the JSON API. */
import { z } from "zod";

const PRODUCT_REQUEST_MIN_LENGTH = 10;
const PRODUCT_REQUEST_MAX_LENGTH = 2000;

const REQUEST_TEXT_TOO_SHORT = "Please provide at least 10 characters describing your product idea";
const REQUEST_TEXT_TOO_LONG = "Please keep your request to 2,000 characters or fewer";

export const productRequestSchema = z.object({
  requestText: z
    .string({ required_error: REQUEST_TEXT_TOO_SHORT, invalid_type_error: REQUEST_TEXT_TOO_SHORT })
    .trim()
    .min(PRODUCT_REQUEST_MIN_LENGTH, REQUEST_TEXT_TOO_SHORT)
    .max(PRODUCT_REQUEST_MAX_LENGTH, REQUEST_TEXT_TOO_LONG),
});
export type ProductRequestInput = z.infer<typeof productRequestSchema>;
