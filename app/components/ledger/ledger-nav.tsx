import { SectionTabs } from "~/components/admin/section-tabs";
import { CHART_PATH, EXPORTS_PATH, JOURNALS_PATH, LEDGER_PATH, NEW_JOURNAL_PATH } from "~/domain/ledger/ledger-hrefs";

const SECTIONS = [
  { key: "trial-balance", label: "Trial balance", to: LEDGER_PATH },
  { key: "journals", label: "Journals", to: JOURNALS_PATH },
  { key: "new-journal", label: "New journal", to: NEW_JOURNAL_PATH },
  { key: "chart", label: "Chart of accounts", to: CHART_PATH },
  { key: "exports", label: "Accountant's exports", to: EXPORTS_PATH },
] as const;

export type LedgerSection = (typeof SECTIONS)[number]["key"] | "account";

/** The ledger's screens as tabs, so each is one click from the others. */
export function LedgerNav({ current }: { current: LedgerSection }) {
  return <SectionTabs label="Ledger sections" tabs={SECTIONS} current={current} />;
}
