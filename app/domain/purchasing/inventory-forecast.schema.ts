/** The inventory forecast's query: `?urgency=&page=` on the screen, with `pageSize` on the API. Browser-safe. */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";
import { URGENCIES } from "./forecast";

export const FORECAST_API_PAGE_SIZE = 100;
export const FORECAST_API_PAGE_SIZE_MAX = 500;

const page = pageField(100_000);

/** The screen: an urgency it does not know shows every band. */
export const forecastScreenQuerySchema = z.object({
  urgency: z.enum(URGENCIES).optional().catch(undefined),
  page,
});

/** The API: an unknown urgency is a 400 naming the ones it takes. */
export const forecastApiQuerySchema = z.object({
  urgency: z
    .enum(URGENCIES, { errorMap: () => ({ message: `urgency must be one of ${URGENCIES.join(", ")}` }) })
    .optional(),
  page,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(FORECAST_API_PAGE_SIZE_MAX)
    .catch(FORECAST_API_PAGE_SIZE)
    .default(FORECAST_API_PAGE_SIZE),
});
