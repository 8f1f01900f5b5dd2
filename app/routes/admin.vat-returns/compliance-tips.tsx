import { Panel } from "~/components/admin/page-header";

const TIPS = [
  {
    text: "Returns go to HMRC every quarter through software that works with Making Tax Digital; the monthly returns here add up to each quarter's figures.",
    link: { title: "Making Tax Digital for VAT", url: "https://www.gov.uk/guidance/making-tax-digital-for-vat" },
  },
  {
    text: "The return and the payment are due one calendar month and seven days after the end of the period (31 March → 7 May).",
    link: { title: "VAT Returns", url: "https://www.gov.uk/vat-returns" },
  },
  {
    text: "A late return earns a penalty point; reaching the threshold brings a £200 penalty, and paying late brings penalties and interest.",
    link: { title: "Penalty points for late VAT Returns", url: "https://www.gov.uk/guidance/penalty-points-and-penalties-if-you-submit-your-vat-return-late" },
  },
  {
    text: "Keep VAT records (invoices, credit notes, the VAT account and each return) for at least six years.",
    link: { title: "VAT record keeping", url: "https://www.gov.uk/vat-record-keeping/how-long-to-keep-vat-records" },
  },
  {
    text: "An invoice entered after its month's return was filed is counted, marked as a late entry, in the next return, as HMRC lets small errors be corrected on a later return.",
    link: { title: "Correcting VAT errors (VAT Notice 700/45)", url: "https://www.gov.uk/guidance/how-to-correct-vat-errors-and-make-adjustments-or-claims-vat-notice-70045" },
  },
  {
    text: "Claim bad debt relief on sales unpaid for more than six months once they are written off.",
    link: { title: "Relief from VAT on bad debts", url: "https://www.gov.uk/guidance/relief-from-vat-on-bad-debts-notice-70018" },
  },
];

/** The compliance tips card, each tip with the gov.uk page it comes from. */
export function ComplianceTips() {
  return (
    <Panel title="VAT compliance tips" className="mt-6">
      <ul className="divide-y divide-slate-100" data-testid="compliance-tips">
        {TIPS.map((tip) => (
          <li key={tip.link.url} className="px-4 py-3 text-sm text-slate-700">
            {tip.text}{" "}
            <a href={tip.link.url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
              {tip.link.title} (gov.uk)
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
