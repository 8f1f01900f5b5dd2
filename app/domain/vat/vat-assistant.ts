/**
 * The VAT assistant's local reading of a question, as a pure rule: a question about the business's own figures
 * for a month ("how much VAT do I owe for October?", "my input VAT last month", "VAT for 2026-09"), a question
 * about a VAT rule answered from the knowledge base (vat-knowledge.ts), or neither. Matching ignores case and
 * punctuation and compares stemmed words, so "registering", "registered" and "register" meet.
 */
import { formatMoney } from "~/utils/money";
import type { VatBoxes } from "./vat-boxes";
import { VAT_KNOWLEDGE, type KnowledgeEntry, type KnowledgeSource } from "./vat-knowledge";
import { addMonths, isMonth, longDate, monthLabel, monthNameOf } from "./vat-period";

// ─── Words ──────────────────────────────────────────────────────────────────

/** A word without its common English endings: "rates" → "rat", "registering" → "register", "penalties" → "penalty". */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (/(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const suffix of ["ing", "ed"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      // submitting → submitt → submit
      if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
      break;
    }
  }
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/** The question's words, lower case, without punctuation ("£90,000" → "90000"; "16.5%" stays), unstemmed. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/(\d),(?=\d{3})/g, "$1")
    .split(/[^a-z0-9%.]+/)
    .map((word) => word.replace(/^\.+|\.+$/g, ""))
    .filter(Boolean);
}

const stems = (text: string) => words(text).map(stem);

function containsPhrase(haystack: readonly string[], phrase: readonly string[]) {
  if (phrase.length === 0 || phrase.length > haystack.length) return false;
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (haystack[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

// ─── Topics ─────────────────────────────────────────────────────────────────

const KEYWORD_STEMS = VAT_KNOWLEDGE.map((entry) => ({ entry, keywords: entry.keywords.map(stems) }));

/** A single word scores 1; a phrase of n words 2n, as it says more about what is asked. */
export function scoreTopic(questionStems: readonly string[], keywords: readonly (readonly string[])[]): number {
  let score = 0;
  for (const keyword of keywords) {
    if (containsPhrase(questionStems, keyword)) score += keyword.length === 1 ? 1 : 2 * keyword.length;
  }
  return score;
}

/** The knowledge entry a question is most about, with its score (null when no keyword matches). */
export function matchTopic(question: string): { entry: KnowledgeEntry; score: number } | null {
  const questionStems = stems(question);
  let best: { entry: KnowledgeEntry; score: number } | null = null;
  for (const { entry, keywords } of KEYWORD_STEMS) {
    const score = scoreTopic(questionStems, keywords);
    if (score > 0 && (!best || score > best.score)) best = { entry, score };
  }
  return best;
}

// ─── Months ─────────────────────────────────────────────────────────────────

const MONTH_WORDS: Record<string, number> = {};
for (let number = 1; number <= 12; number++) {
  const name = monthNameOf(number).toLowerCase();
  MONTH_WORDS[name] = number;
  MONTH_WORDS[name.slice(0, 3)] = number;
}
MONTH_WORDS.sept = 9;
/** Month words that are also everyday words count only beside a year or after "in", "for", "of", "during". */
const AMBIGUOUS = new Set(["may", "mar", "march", "jan", "dec", "sep", "oct", "nov", "jun", "jul", "aug", "apr", "feb"]);
const MONTH_LEAD = new Set(["in", "for", "of", "during", "since", "from"]);

/**
 * The month a question names, as "2026-11", given the current month: "2026-09", "09/2026", "October 2025",
 * "October" (the latest October that has started), "this month", "last month", "the month before last".
 */
export function monthInQuestion(question: string, currentMonth: string): string | null {
  const text = question.toLowerCase();
  const iso = /\b(\d{4})-(0[1-9]|1[0-2])\b/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}`;
  const slashed = /\b(0?[1-9]|1[0-2])\/(\d{4})\b/.exec(text);
  if (slashed) return `${slashed[2]}-${slashed[1].padStart(2, "0")}`;
  if (/\bmonth before last\b/.test(text)) return addMonths(currentMonth, -2);
  if (/\b(last|previous|past) month\b/.test(text)) return addMonths(currentMonth, -1);
  if (/\b(this|current) month\b|\bso far this month\b/.test(text)) return currentMonth;

  const list = words(question);
  for (let i = 0; i < list.length; i++) {
    const number = MONTH_WORDS[list[i]];
    if (!number) continue;
    const next = list[i + 1];
    const previous = list[i - 1];
    const year = next && /^\d{4}$/.test(next) ? next : previous && /^\d{4}$/.test(previous) ? previous : null;
    if (AMBIGUOUS.has(list[i]) && !year && !(previous && MONTH_LEAD.has(previous))) continue;
    const month = String(number).padStart(2, "0");
    if (year) return `${year}-${month}`;
    const thisYear = `${currentMonth.slice(0, 4)}-${month}`;
    return thisYear <= currentMonth ? thisYear : `${Number(currentMonth.slice(0, 4)) - 1}-${month}`;
  }
  return null;
}

// ─── What is asked ──────────────────────────────────────────────────────────

export type FiguresFocus = "net" | "input" | "output";

export type QuestionReading =
  | { kind: "figures"; month: string; focus: FiguresFocus }
  | { kind: "topic"; entry: KnowledgeEntry }
  | { kind: "unknown" };

/** Words that ask for the business's own numbers (with a month, or strong enough without one). */
const FIGURES_WORDS = new Set(
  ["owe", "owed", "owing", "pay", "payable", "due", "refund", "refundable", "input", "output", "reclaim", "reclaimable", "reclaimed", "sales", "sold", "purchases", "bought", "spent", "box", "figures", "total", "totals", "net", "much", "my", "our", "we", "i", "us"].map(stem),
);
const OWING_WORDS = new Set(["owe", "owed", "owing", "payable", "bill", "liability"].map(stem));
const INPUT_WORDS = new Set(["input", "purchase", "purchases", "reclaim", "reclaimable", "reclaimed", "bought", "spent", "suppliers", "costs"].map(stem));
const OUTPUT_WORDS = new Set(["output", "sales", "sold", "charged", "customers", "turnover"].map(stem));

function focusOf(questionStems: readonly string[]): FiguresFocus {
  if (questionStems.some((word) => INPUT_WORDS.has(word))) return "input";
  if (questionStems.some((word) => OUTPUT_WORDS.has(word))) return "output";
  return "net";
}

export function readQuestion(question: string, currentMonth: string): QuestionReading {
  const questionStems = stems(question);
  const topic = matchTopic(question);
  const month = monthInQuestion(question, currentMonth);
  if (month && isMonth(month) && (questionStems.some((word) => FIGURES_WORDS.has(word)) || !topic)) {
    return { kind: "figures", month, focus: focusOf(questionStems) };
  }
  // "how much VAT do I owe?" with no month: this month so far, unless it is really a rule question
  if (questionStems.some((word) => OWING_WORDS.has(word)) && (!topic || topic.score < 2)) {
    return { kind: "figures", month: currentMonth, focus: focusOf(questionStems) };
  }
  if (topic) return { kind: "topic", entry: topic.entry };
  return { kind: "unknown" };
}

// ─── Answers ────────────────────────────────────────────────────────────────

export const CAPABILITIES =
  "I can explain UK VAT rules (rates, the registration and deregistration thresholds, Making Tax Digital, return and payment deadlines, penalties, the reverse charge for construction and for services from abroad, the Flat Rate, Cash Accounting and Annual Accounting schemes, zero-rated and exempt supplies, partial exemption, bad debt relief, record keeping, VAT on imports, fuel scale charges, correcting errors, VAT invoices and reclaiming VAT) and answer questions about your own figures for a month, such as \"How much VAT do I owe for October?\" or \"What was my input VAT last month?\".";

export const UNKNOWN_ANSWER = `I could not match that question to a VAT topic or to your figures. ${CAPABILITIES} For anything else, see HMRC's VAT guidance on gov.uk or ask your accountant.`;

export type ReturnState =
  | { kind: "none" }
  | { kind: "pending"; id: number; outOfDate: boolean }
  | { kind: "filed"; id: number; filedOn: string };

export type MonthFigures = {
  month: string;
  /** the month has not started: no figures */
  future: boolean;
  /** the month is still running: figures so far */
  running: boolean;
  boxes: VatBoxes;
  counts: { sales: number; refunds: number; purchases: number; late: number };
  state: ReturnState;
  deadline: string;
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The answer to a figures question, from the month's nine boxes and its return's state. */
export function figuresAnswer(figures: MonthFigures, focus: FiguresFocus): string {
  const label = monthLabel(figures.month);
  if (figures.future) return `${label} has not started yet, so there are no figures for it. Its return will be due by ${longDate(figures.deadline)}.`;
  const { boxes, counts } = figures;
  const box1 = `VAT on sales ${formatMoney(boxes.box1VatDue)} (box 1)`;
  const box4 = `VAT reclaimable on purchases ${formatMoney(boxes.box4VatReclaimed)} (box 4)`;
  const box5 = `${formatMoney(Math.abs(boxes.box5NetVat))} ${boxes.box5NetVat >= 0 ? "payable to HMRC" : "refundable by HMRC"} (box 5)`;
  const lead =
    focus === "input"
      ? `For ${label} your input VAT (VAT reclaimable on purchases, box 4) is ${formatMoney(boxes.box4VatReclaimed)}. Against ${box1}, net VAT is ${box5}.`
      : focus === "output"
        ? `For ${label} your output VAT (VAT on sales, box 1) is ${formatMoney(boxes.box1VatDue)}. Less ${box4}, net VAT is ${box5}.`
        : `For ${label} your net VAT is ${box5}: ${box1} less ${box4}.`;
  const totals = `Sales excluding VAT £${boxes.box6TotalSales.toLocaleString("en-GB")} (box 6), purchases excluding VAT £${boxes.box7TotalPurchases.toLocaleString("en-GB")} (box 7).`;
  const counted = `Counted on the invoice basis: ${plural(counts.sales, "sales invoice")}, ${plural(counts.refunds, "refund credit note")} and ${plural(counts.purchases, "purchase invoice")}${counts.late > 0 ? `, ${plural(counts.late, "late entry", "late entries")} from earlier months` : ""}.`;
  const state =
    figures.state.kind === "filed"
      ? `The return for ${label} was filed on ${longDate(figures.state.filedOn)}; these are the filed figures.`
      : figures.state.kind === "pending"
        ? `A return for ${label} has been generated but not filed yet.${figures.state.outOfDate ? " The records have changed since it was generated: regenerate it before filing." : ""}`
        : `No return has been generated for ${label} yet.`;
  const running = figures.running ? ` ${label} is not over yet, so these are the figures so far.` : "";
  return `${lead} ${totals} ${counted} ${state}${running} The return and payment are due by ${longDate(figures.deadline)}.`;
}

export type AssistantAnswer = {
  answer: string;
  sources: KnowledgeSource[];
  kind: "figures" | "topic" | "unknown";
  topic: string | null;
};

export function topicAnswer(entry: KnowledgeEntry): AssistantAnswer {
  return { answer: entry.answer, sources: [...entry.sources], kind: "topic", topic: entry.topic };
}

export function unknownAnswer(): AssistantAnswer {
  return { answer: UNKNOWN_ANSWER, sources: [], kind: "unknown", topic: null };
}
