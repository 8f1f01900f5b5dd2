import { z } from "zod";
import { requestedPage } from "./paging";

/** requestedPage as a field of a list query's schema (apart, so the catalogue's script reads pages without zod). */
export const pageField = (max?: number) => z.unknown().transform((value) => requestedPage(value, max));
