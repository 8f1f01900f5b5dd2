import { describe, expect, it } from "vitest";
import { vatAssistantSchema } from "./vat-return.schema";
import { figuresAnswer, matchTopic, monthInQuestion, readQuestion, stem, UNKNOWN_ANSWER, type MonthFigures } from "./vat-assistant";
import { VAT_KNOWLEDGE } from "./vat-knowledge";

const NOW = "2026-11";
const topicOf = (question: string) => {
  const reading = readQuestion(question, NOW);
  return reading.kind === "topic" ? reading.entry.id : reading.kind;
};

describe("stemming", () => {
  it("brings a word's forms together", () => {
    expect(stem("registering")).toBe(stem("register"));
    expect(stem("registered")).toBe(stem("registers"));
    expect(stem("rates")).toBe(stem("rate"));
    expect(stem("penalties")).toBe(stem("penalty"));
    expect(stem("submitting")).toBe(stem("submit"));
    expect(stem("purchases")).toBe(stem("purchase"));
  });
});

describe("rule questions", () => {
  it.each([
    ["What are the VAT rates?", "rates"],
    ["is the standard rate still 20%?", "rates"],
    ["When do I have to register for VAT?", "registration"],
    ["what's the VAT REGISTRATION threshold??", "registration"],
    ["Can I deregister if turnover falls under £88,000?", "deregistration"],
    ["What is Making Tax Digital?", "mtd"],
    ["Which software do I need to submit returns (MTD)?", "mtd"],
    ["When is the deadline for the VAT return?", "deadlines"],
    ["What penalties apply for a late submission?", "penalties"],
    ["How does the reverse charge work for construction services?", "reverse-charge-construction"],
    ["Reverse charge on services from an overseas supplier", "reverse-charge-services"],
    ["Should we join the flat rate scheme?", "flat-rate"],
    ["What is a limited cost trader?", "flat-rate"],
    ["What's the difference between zero-rated and exempt supplies?", "zero-exempt"],
    ["A customer never paid: can I claim bad debt relief?", "bad-debt"],
    ["How long must I keep VAT records?", "records"],
    ["Is cash accounting right for us?", "cash-accounting"],
    ["How does annual accounting work?", "annual-accounting"],
    ["What is partial exemption and the de minimis test?", "partial-exemption"],
    ["How do I account for VAT on imports with postponed VAT accounting?", "imports"],
    ["Do fuel scale charges apply to a company car?", "fuel"],
    ["I made a mistake on last quarter's return, can I correct it on the next one?", "errors"],
    ["What must a VAT invoice show?", "invoices"],
    ["Can I reclaim VAT on business entertainment?", "reclaim"],
  ])("%s → %s", (question, id) => {
    expect(topicOf(question)).toBe(id);
  });

  it("every entry cites gov.uk", () => {
    for (const entry of VAT_KNOWLEDGE) {
      expect(entry.sources.length).toBeGreaterThan(0);
      for (const source of entry.sources) expect(source.url).toMatch(/^https:\/\/www\.gov\.uk\//);
    }
  });

  it("a question about a rule that names a month is still a rule question", () => {
    expect(topicOf("What was the VAT rate in October?")).toBe("rates");
  });
});

describe("figures questions", () => {
  it.each([
    ["How much VAT do I owe for October?", "2026-10", "net"],
    ["what was my input VAT last month?", "2026-10", "input"],
    ["VAT for 2026-09", "2026-09", "net"],
    ["our output VAT this month", "2026-11", "output"],
    ["What do we owe for December 2025?", "2025-12", "net"],
    ["VAT owed for dec?", "2025-12", "net"],
    ["How much do I owe in May", "2026-05", "net"],
    ["purchases VAT 09/2026", "2026-09", "input"],
    ["What's my VAT bill for the month before last?", "2026-09", "net"],
  ])("%s → %s (%s)", (question, month, focus) => {
    expect(readQuestion(question, NOW)).toEqual({ kind: "figures", month, focus });
  });

  it("a month name without a year is the latest such month that has started", () => {
    expect(monthInQuestion("for December", "2026-11")).toBe("2025-12");
    expect(monthInQuestion("for November", "2026-11")).toBe("2026-11");
    expect(monthInQuestion("for January", "2026-11")).toBe("2026-01");
  });

  it("an everyday word that is also a month is not taken for one", () => {
    expect(monthInQuestion("May I reclaim VAT on fuel?", NOW)).toBeNull();
    expect(topicOf("May I reclaim VAT on fuel?")).not.toBe("figures");
  });

  it("how much do I owe, without a month, means this month so far", () => {
    expect(readQuestion("How much VAT do I owe?", NOW)).toEqual({ kind: "figures", month: "2026-11", focus: "net" });
  });

  const figures: MonthFigures = {
    month: "2026-10",
    future: false,
    running: false,
    boxes: {
      box1VatDue: 200_000,
      box2VatDueAcquisitions: 0,
      box3TotalVatDue: 200_000,
      box4VatReclaimed: 76_544,
      box5NetVat: 123_456,
      box6TotalSales: 10_000,
      box7TotalPurchases: 3_827,
      box8TotalSupplies: 0,
      box9TotalAcquisitions: 0,
    },
    counts: { sales: 42, refunds: 1, purchases: 3, late: 1 },
    state: { kind: "filed", id: 4, filedOn: "2026-11-07" },
    deadline: "2026-12-07",
  };

  it("answers with the month's numbers and its return", () => {
    const answer = figuresAnswer(figures, "net");
    expect(answer).toContain("For October 2026 your net VAT is £1,234.56 payable to HMRC (box 5): VAT on sales £2,000.00 (box 1) less VAT reclaimable on purchases £765.44 (box 4).");
    expect(answer).toContain("Sales excluding VAT £10,000 (box 6), purchases excluding VAT £3,827 (box 7).");
    expect(answer).toContain("42 sales invoices, 1 refund credit note and 3 purchase invoices, 1 late entry from earlier months");
    expect(answer).toContain("The return for October 2026 was filed on 7 November 2026; these are the filed figures.");
    expect(answer).toContain("due by 7 December 2026");
  });

  it("leads with input VAT when that is asked, and says when no return exists or the month is not over", () => {
    const answer = figuresAnswer({ ...figures, running: true, state: { kind: "none" } }, "input");
    expect(answer).toMatch(/^For October 2026 your input VAT \(VAT reclaimable on purchases, box 4\) is £765\.44\./);
    expect(answer).toContain("No return has been generated for October 2026 yet.");
    expect(answer).toContain("not over yet");
    expect(figuresAnswer({ ...figures, boxes: { ...figures.boxes, box5NetVat: -500 } }, "net")).toContain("£5.00 refundable by HMRC (box 5)");
    expect(figuresAnswer({ ...figures, month: "2026-12", future: true }, "net")).toMatch(/^December 2026 has not started yet/);
  });
});

describe("questions it cannot match", () => {
  it("says honestly what it can help with", () => {
    expect(readQuestion("What's the weather in Leeds?", NOW)).toEqual({ kind: "unknown" });
    expect(matchTopic("Tell me a joke")).toBeNull();
    expect(UNKNOWN_ANSWER).toContain("I could not match that question");
    expect(UNKNOWN_ANSWER).toContain("How much VAT do I owe for October?");
  });

  it("a blank question is refused on its field", () => {
    const blank = vatAssistantSchema.safeParse({ question: "   " });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0]).toMatchObject({ path: ["question"], message: "Please enter a question" });
    expect(vatAssistantSchema.safeParse({}).error?.issues[0]).toMatchObject({ path: ["question"], message: "Please enter a question" });
    expect(vatAssistantSchema.parse({ question: "  rates? " })).toEqual({ question: "rates?" });
  });
});
