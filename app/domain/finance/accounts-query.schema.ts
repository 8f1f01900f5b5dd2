/** The Accounts screen's and GET /api/admin/accounts's address parameters. Browser-safe. */
import { z } from "zod";
import { pageField } from "~/utils/paging.schema";

export const ACCOUNTS_TABS = ["profit-loss", "balance-sheet", "transactions", "financial-accounts"] as const;
export type AccountsTab = (typeof ACCOUNTS_TABS)[number];
export const ACCOUNTS_TAB_LABELS: Record<AccountsTab, string> = {
  "profit-loss": "Profit & Loss",
  "balance-sheet": "Balance Sheet",
  transactions: "Transactions",
  "financial-accounts": "Financial Accounts",
};

const text = z.string().trim().max(20).optional().catch(undefined);
const page = pageField(1_000_000);

/** ?period=&from=&to=&page=&pageSize= (the period is checked by resolvePeriod, which names what is wrong). */
export const accountsApiQuerySchema = z.object({
  period: text,
  from: text,
  to: text,
  page,
  pageSize: z.coerce.number().int().min(1).max(100).catch(25).default(25),
});

/** The screen's ?tab= as well; an unknown tab is the first. */
export const accountsScreenQuerySchema = accountsApiQuerySchema.omit({ pageSize: true }).extend({
  tab: z.enum(ACCOUNTS_TABS).catch("profit-loss").default("profit-loss"),
});
export type AccountsScreenQuery = z.infer<typeof accountsScreenQuerySchema>;
