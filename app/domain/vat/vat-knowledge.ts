/**
 * The VAT assistant's knowledge: UK VAT rules a trade wholesaler meets, each a short answer with the gov.uk page
 * it comes from. `keywords` are words or short phrases a question about the topic uses (matched after stemming,
 * so "rate" also finds "rates"); a phrase scores more than a single word. Figures are those in force from
 * 1 April 2024; check the cited page for changes.
 */

export type KnowledgeSource = { title: string; url: string };

export type KnowledgeEntry = {
  id: string;
  topic: string;
  keywords: readonly string[];
  answer: string;
  sources: readonly KnowledgeSource[];
};

export const VAT_KNOWLEDGE: readonly KnowledgeEntry[] = [
  {
    id: "rates",
    topic: "VAT rates",
    keywords: ["rate", "rates", "standard rate", "reduced rate", "zero rate", "20%", "5%", "0%", "percent", "percentage", "what rate"],
    answer:
      "The UK has three VAT rates. The standard rate is 20% and applies to most goods and services. The reduced rate of 5% applies to some goods and services, such as domestic fuel and power and children's car seats. The zero rate (0%) applies to, for example, most food, books and newspapers, and children's clothes and shoes. Some supplies are exempt from VAT altogether, which is not the same as zero-rated.",
    sources: [
      { title: "VAT rates", url: "https://www.gov.uk/vat-rates" },
      { title: "VAT rates on different goods and services", url: "https://www.gov.uk/guidance/rates-of-vat-on-different-goods-and-services" },
    ],
  },
  {
    id: "registration",
    topic: "Registration threshold",
    keywords: ["register", "registration", "threshold", "90000", "90,000", "turnover", "vat number", "when to register", "must i register", "compulsory"],
    answer:
      "You must register for VAT if your VAT taxable turnover for the last 12 months went over £90,000 (the threshold from 1 April 2024), or if you expect it to go over £90,000 in the next 30 days alone. Register within 30 days of the end of the month in which you went over. Taxable turnover is everything you sell that is not exempt, including zero-rated sales. You can register voluntarily below the threshold.",
    sources: [{ title: "Register for VAT: when to register", url: "https://www.gov.uk/vat-registration/when-to-register" }],
  },
  {
    id: "deregistration",
    topic: "Cancelling a VAT registration",
    keywords: ["deregister", "deregistration", "cancel registration", "cancel my vat", "88000", "88,000", "leave vat", "stop being registered"],
    answer:
      "You can ask HMRC to cancel your VAT registration if you expect your VAT taxable turnover for the next 12 months to be below the deregistration threshold of £88,000 (from 1 April 2024). You must cancel within 30 days if you stop trading or stop making taxable supplies. You may have to pay VAT on stock and assets you still hold when the registration ends, if that VAT is more than £1,000.",
    sources: [{ title: "Register for VAT: cancel your registration", url: "https://www.gov.uk/vat-registration/cancel-registration" }],
  },
  {
    id: "mtd",
    topic: "Making Tax Digital",
    keywords: ["making tax digital", "mtd", "digital record", "software", "submit", "submitting", "file online", "how do i file", "bridging software", "hmrc online"],
    answer:
      "All VAT-registered businesses must follow Making Tax Digital for VAT: keep their VAT records digitally and send their VAT returns to HMRC through software that works with Making Tax Digital. Returns can no longer be typed into the old VAT online account. Figures from this product (the VAT return's CSV) can be sent through compatible or bridging software; the digital links between records and the return must be kept.",
    sources: [
      { title: "Making Tax Digital for VAT", url: "https://www.gov.uk/guidance/making-tax-digital-for-vat" },
      { title: "Find software that's compatible with Making Tax Digital for VAT", url: "https://www.gov.uk/guidance/find-software-thats-compatible-with-making-tax-digital-for-vat" },
    ],
  },
  {
    id: "deadlines",
    topic: "Return and payment deadlines",
    keywords: ["deadline", "due date", "return due", "returns due", "late", "on time", "pay vat", "payment", "1 month and 7 days", "seven days", "quarterly", "quarter"],
    answer:
      "A VAT return is usually sent every 3 months (quarterly). The deadline for sending the return and for the payment to reach HMRC is normally 1 calendar month and 7 days after the end of the VAT period: for a period ending 31 March, 7 May. If you pay by Direct Debit, HMRC collects 3 working days after that. Allow time for the payment to clear. Late returns earn penalty points and late payments attract penalties and interest.",
    sources: [
      { title: "VAT Returns", url: "https://www.gov.uk/vat-returns" },
      { title: "Pay your VAT bill", url: "https://www.gov.uk/pay-vat" },
    ],
  },
  {
    id: "penalties",
    topic: "Penalties for late returns",
    keywords: ["penalty", "penalties", "penalty point", "fine", "late return", "late submission", "surcharge", "interest"],
    answer:
      "Since 1 January 2023 a late VAT return earns a penalty point. When you reach the threshold (4 points for quarterly returns, 5 for monthly, 2 for annual) you get a £200 penalty, and another £200 for each further late return while at the threshold. Points expire after a period of sending returns on time. Paying late brings separate late payment penalties and interest on the amount owed.",
    sources: [
      { title: "Penalty points and penalties if you submit your VAT Return late", url: "https://www.gov.uk/guidance/penalty-points-and-penalties-if-you-submit-your-vat-return-late" },
    ],
  },
  {
    id: "reverse-charge-construction",
    topic: "Domestic reverse charge for construction",
    keywords: ["reverse charge", "construction", "building", "cis", "builder", "subcontractor", "contractor", "domestic reverse charge"],
    answer:
      "The VAT domestic reverse charge for building and construction services (since 1 March 2021) applies to standard- or reduced-rated construction services reported under the Construction Industry Scheme (CIS) between VAT-registered businesses. The customer, not the supplier, accounts for the VAT: the customer puts the VAT in box 1 and, if entitled, reclaims it in box 4; the supplier's invoice says the reverse charge applies and shows no VAT to pay. It does not apply to supplies to end users or intermediaries that tell the supplier they are one.",
    sources: [
      { title: "VAT domestic reverse charge for building and construction services", url: "https://www.gov.uk/guidance/vat-domestic-reverse-charge-for-building-and-construction-services" },
    ],
  },
  {
    id: "reverse-charge-services",
    topic: "Reverse charge on services from abroad",
    keywords: ["reverse charge", "abroad", "overseas", "foreign", "outside the uk", "eu supplier", "imported services", "place of supply", "non uk supplier", "software subscription"],
    answer:
      "When a UK VAT-registered business buys services from a supplier that belongs outside the UK and the place of supply is the UK, the business applies the reverse charge: it accounts for the VAT itself as if it had made the supply, putting the VAT in box 1 and the value in box 6, and reclaims the VAT in box 4 (with the value in box 7) as far as it is entitled. The overseas supplier does not charge UK VAT.",
    sources: [{ title: "VAT place of supply of services (VAT Notice 741A)", url: "https://www.gov.uk/guidance/vat-place-of-supply-of-services-notice-741a" }],
  },
  {
    id: "flat-rate",
    topic: "Flat Rate Scheme",
    keywords: ["flat rate", "flat rate scheme", "frs", "limited cost", "limited cost trader", "limited cost business", "16.5%", "16.5"],
    answer:
      "Under the VAT Flat Rate Scheme you pay HMRC a fixed percentage of your VAT-inclusive turnover, set by your business sector, and generally cannot reclaim VAT on purchases (except some capital assets over £2,000). You can join if your VAT taxable turnover (excluding VAT) is £150,000 or less in the next 12 months, and must leave if your total income goes over £230,000. A limited cost trader, one that spends less than 2% of its VAT-inclusive turnover on goods (or less than £1,000 a year), uses 16.5% whatever its sector. There is a 1% discount in the first year of VAT registration.",
    sources: [
      { title: "VAT Flat Rate Scheme", url: "https://www.gov.uk/vat-flat-rate-scheme" },
      { title: "VAT Flat Rate Scheme: how much you pay", url: "https://www.gov.uk/vat-flat-rate-scheme/how-much-you-pay" },
    ],
  },
  {
    id: "zero-exempt",
    topic: "Zero-rated and exempt supplies",
    keywords: ["zero rated", "zero-rated", "exempt", "exemption", "outside the scope", "out of scope", "difference between", "no vat"],
    answer:
      "Zero-rated and exempt supplies both carry no VAT, but they differ. Zero-rated goods and services (most food, books, children's clothes) are taxable at 0%: they count towards your VAT taxable turnover, you record them on your return (box 6) and you can reclaim the VAT on the costs of making them. Exempt supplies (for example insurance, most financial services, some education and health services) are not taxable: they do not count towards the registration threshold and you generally cannot reclaim the VAT on costs that relate to them. Out-of-scope items are not covered by UK VAT at all.",
    sources: [
      { title: "VAT rates on different goods and services", url: "https://www.gov.uk/guidance/rates-of-vat-on-different-goods-and-services" },
      { title: "Partial exemption (VAT Notice 706)", url: "https://www.gov.uk/guidance/partial-exemption-vat-notice-706" },
    ],
  },
  {
    id: "bad-debt",
    topic: "Bad debt relief",
    keywords: ["bad debt", "bad debts", "unpaid invoice", "customer has not paid", "never paid", "written off", "write off", "debt relief", "insolvent customer"],
    answer:
      "You can reclaim the VAT you paid HMRC on a sale your customer never paid for (bad debt relief) when the debt is more than 6 months old, counted from the later of the payment due date and the date of the supply, and you have written it off in your VAT account. Claim it in box 4 of a return within 4 years and 6 months of that later date, and keep the records of the supply and of the write-off. If the customer pays later, repay the VAT you reclaimed.",
    sources: [{ title: "Relief from VAT on bad debts (VAT Notice 700/18)", url: "https://www.gov.uk/guidance/relief-from-vat-on-bad-debts-notice-70018" }],
  },
  {
    id: "records",
    topic: "Keeping VAT records",
    keywords: ["record", "records", "record keeping", "keep", "how long", "six years", "6 years", "archive", "retain", "documents"],
    answer:
      "VAT-registered businesses must keep records of all sales and purchases, a VAT account (the VAT you owe and can reclaim, period by period) and their VAT invoices, digitally under Making Tax Digital. Keep VAT records for at least 6 years (10 years if you use the VAT One Stop Shop). This product keeps every invoice, credit note and filed return; take regular backups.",
    sources: [
      { title: "VAT record keeping", url: "https://www.gov.uk/vat-record-keeping" },
      { title: "VAT record keeping: how long to keep VAT records", url: "https://www.gov.uk/vat-record-keeping/how-long-to-keep-vat-records" },
    ],
  },
  {
    id: "cash-accounting",
    topic: "Cash Accounting Scheme",
    keywords: ["cash accounting", "cash basis", "cash scheme", "when paid", "1.35m", "1.35 million", "1,350,000", "payment basis"],
    answer:
      "Under the VAT Cash Accounting Scheme you pay VAT on sales when your customers pay you, and reclaim VAT on purchases when you pay your suppliers, instead of by invoice date. You can join if your estimated VAT taxable turnover for the next 12 months is £1.35 million or less, and must leave when it goes over £1.6 million. This product works on the invoice basis (standard accounting), by invoice date.",
    sources: [{ title: "VAT Cash Accounting Scheme", url: "https://www.gov.uk/vat-cash-accounting-scheme" }],
  },
  {
    id: "annual-accounting",
    topic: "Annual Accounting Scheme",
    keywords: ["annual accounting", "annual return", "once a year", "one return a year", "advance payments", "interim payments", "yearly"],
    answer:
      "Under the VAT Annual Accounting Scheme you send one VAT return a year, due 2 months after the end of your accounting year, and make advance payments towards the bill (9 monthly or 3 quarterly instalments based on the previous year), with a balancing payment or refund at the end. You can join if your estimated VAT taxable turnover is £1.35 million or less, and must leave if it goes over £1.6 million.",
    sources: [{ title: "VAT Annual Accounting Scheme", url: "https://www.gov.uk/vat-annual-accounting-scheme" }],
  },
  {
    id: "partial-exemption",
    topic: "Partial exemption",
    keywords: ["partial exemption", "partly exempt", "partially exempt", "de minimis", "exempt and taxable", "apportion", "apportionment", "625"],
    answer:
      "A business that makes both taxable and exempt supplies is partly exempt: it can reclaim the VAT on costs used for taxable supplies, none on costs used for exempt supplies, and a share (normally by the standard method, based on the value of supplies) of VAT on costs used for both. If the VAT on exempt costs is small enough (the de minimis test: on average no more than £625 a month and no more than half of all input VAT), it can be reclaimed in full.",
    sources: [{ title: "Partial exemption (VAT Notice 706)", url: "https://www.gov.uk/guidance/partial-exemption-vat-notice-706" }],
  },
  {
    id: "imports",
    topic: "VAT on imports",
    keywords: ["import", "imports", "importing", "customs", "postponed vat", "postponed vat accounting", "pva", "border", "c79", "mpivs"],
    answer:
      "VAT-registered businesses can use postponed VAT accounting to account for import VAT on their VAT return instead of paying it when the goods arrive: the import VAT goes in box 1 and, as far as you are entitled, is reclaimed in box 4, with the value of the goods in box 7. Download your monthly postponed import VAT statement from the Customs Declaration Service as the record of it.",
    sources: [
      { title: "Check when you can account for import VAT on your VAT Return", url: "https://www.gov.uk/guidance/check-when-you-can-account-for-import-vat-on-your-vat-return" },
    ],
  },
  {
    id: "fuel",
    topic: "Fuel scale charges",
    keywords: ["fuel", "fuel scale charge", "scale charge", "company car", "private use", "petrol", "diesel", "mileage", "car"],
    answer:
      "If your business pays for fuel that is also used privately in a company car and you reclaim all the VAT on it, you must account for a fuel scale charge on each return: a fixed amount set by the car's CO2 emissions and the length of the VAT period, whose VAT goes in box 1 (and value in box 6). You can instead reclaim only the VAT on business mileage, or reclaim none on fuel.",
    sources: [{ title: "VAT fuel scale charges", url: "https://www.gov.uk/guidance/vat-fuel-scale-charges" }],
  },
  {
    id: "errors",
    topic: "Correcting errors on a later return",
    keywords: ["error", "errors", "mistake", "correct", "correction", "wrong figure", "adjust", "adjustment", "amend", "missed invoice", "forgot", "late entry", "vat652"],
    answer:
      "You can correct an error from an earlier VAT return on your next return if the net value of the errors is £10,000 or less, or up to £50,000 if it is no more than 1% of that return's box 6 figure, and it is within the 4-year time limit; otherwise report it to HMRC on form VAT652. This product does the same for late entries: an invoice dated in a month whose return is already filed is counted, and marked as a late entry, in the next return.",
    sources: [
      { title: "How to correct VAT errors and make adjustments or claims (VAT Notice 700/45)", url: "https://www.gov.uk/guidance/how-to-correct-vat-errors-and-make-adjustments-or-claims-vat-notice-70045" },
    ],
  },
  {
    id: "boxes",
    topic: "The nine boxes of a VAT return",
    keywords: ["box", "boxes", "box 1", "box 4", "box 5", "box 6", "box 7", "nine boxes", "fill in", "fill in my return", "input tax", "output tax", "what goes in"],
    answer:
      "A VAT return has nine boxes: 1 VAT due on sales, 2 VAT due on goods acquired in Northern Ireland from the EU, 3 the total of 1 and 2, 4 VAT reclaimed on purchases, 5 net VAT (3 less 4: payable if 0 or more, otherwise refundable), 6 total sales excluding VAT, 7 total purchases excluding VAT, 8 goods dispatched from Northern Ireland to the EU and 9 goods acquired in Northern Ireland from the EU. Boxes 6 to 9 are in whole pounds.",
    sources: [
      { title: "How to fill in and submit your VAT Return (VAT Notice 700/12)", url: "https://www.gov.uk/guidance/how-to-fill-in-and-submit-your-vat-return-vat-notice-70012" },
    ],
  },
  {
    id: "reclaim",
    topic: "Reclaiming VAT on purchases",
    keywords: ["reclaim", "reclaiming", "claim back", "input vat", "vat on purchases", "vat on expenses", "entertainment", "can i reclaim"],
    answer:
      "You can usually reclaim the VAT you pay on goods and services bought for your business, with a valid VAT invoice, in box 4 of the return for the period of the invoice. You cannot reclaim VAT on goods or services for private use, on business entertainment (other than of employees), or, in most cases, on buying a car. If something is used partly privately, reclaim only the business share.",
    sources: [{ title: "Reclaiming VAT", url: "https://www.gov.uk/reclaim-vat" }],
  },
  {
    id: "invoices",
    topic: "VAT invoices",
    keywords: ["vat invoice", "invoice must show", "invoice requirements", "what must an invoice", "tax point", "invoice number", "simplified invoice"],
    answer:
      "A full VAT invoice must show a unique invoice number, your business name, address and VAT registration number, the invoice date and the time of supply (tax point) if different, the customer's name and address, a description of the goods or services, and for each rate the total excluding VAT, the rate and the VAT. Retailers may issue a simplified invoice for sales of £250 or less including VAT. Issue a VAT invoice within 30 days of the supply.",
    sources: [{ title: "Invoicing and taxpoint rules", url: "https://www.gov.uk/invoicing-and-taxpoint-rules" }],
  },
];
