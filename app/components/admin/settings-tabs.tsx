import { SectionTabs } from "./section-tabs";

export const COMPANY_SETTINGS_TAB_PATH = "/admin/settings/company";
export const ORDERING_SETTINGS_TAB_PATH = "/admin/settings/ordering";

const TABS = [
  { key: "company", label: "Company", to: COMPANY_SETTINGS_TAB_PATH },
  { key: "ordering", label: "Delivery & ordering", to: ORDERING_SETTINGS_TAB_PATH },
] as const;

/** The settings screens share one sidebar entry, Settings; these tabs lead from one to the other. */
export function SettingsTabs({ current }: { current: (typeof TABS)[number]["key"] }) {
  return <SectionTabs label="Settings sections" tabs={TABS} current={current} />;
}
