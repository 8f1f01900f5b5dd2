/**
 * The header's price-basis switch as a form. Apart from price-basis.ts, which every storefront page's script
 * carries, so that those pages do not carry the schema library as well.
 */
import { z } from "zod";
import { sameSitePath } from "~/utils/safe-redirect";
import { PRICE_BASES } from "./price-basis";

/** The switch's form: the basis chosen and the page to go back to (a same-site path, else home). */
export const priceBasisFormSchema = z.object({
  basis: z.enum(PRICE_BASES, { errorMap: () => ({ message: "Choose inc VAT or ex VAT" }) }),
  redirectTo: z.unknown().transform((value) => sameSitePath(value)),
});
