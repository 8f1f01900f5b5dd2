import { describe, expect, it } from "vitest";
import { QUOTE_STATUSES } from "~db/schema";
import { expiresAtMs, formatQuoteNumber, mayMove, quoteLabel, quoteState, wrongMoveMessage, type QuoteMove, type QuoteState } from "./quote-states";

const ALL_STATES: QuoteState[] = [...QUOTE_STATUSES, "expired"];

describe("quote moves", () => {
  const allowed: Record<QuoteMove, QuoteState[]> = {
    save: ["requested", "draft"],
    send: ["requested", "draft"],
    accept: ["sent"],
    decline: ["sent"],
    revise: ["sent", "expired"],
  };
  for (const [move, from] of Object.entries(allowed) as [QuoteMove, QuoteState[]][]) {
    it(`${move} is allowed from ${from.join(", ")} and from nothing else`, () => {
      for (const state of ALL_STATES) expect(mayMove(state, move), `${move} from ${state}`).toBe(from.includes(state));
    });
  }

  it("says why a move is wrong", () => {
    expect(wrongMoveMessage("QT-00012 v2", "accept", "expired")).toBe("Quote QT-00012 v2 cannot be accepted: it has expired");
    expect(wrongMoveMessage("QT-00012 v1", "accept", "accepted")).toBe(
      "Quote QT-00012 v1 cannot be accepted: it has already been accepted",
    );
  });

  it("numbers and labels quotes", () => {
    expect(formatQuoteNumber(12)).toBe("QT-00012");
    expect(quoteLabel({ quoteNumber: "QT-00012", version: 2 })).toBe("QT-00012 v2");
  });
});

describe("quote expiry at the end of the valid-until day, UK time", () => {
  const sent = (validUntil: string) => ({ status: "sent" as const, validUntil });

  it("in winter, the day ends at midnight GMT", () => {
    expect(expiresAtMs("2026-01-15")).toBe(Date.parse("2026-01-16T00:00:00Z"));
    expect(quoteState(sent("2026-01-15"), Date.parse("2026-01-15T23:59:59Z"))).toBe("sent");
    expect(quoteState(sent("2026-01-15"), Date.parse("2026-01-16T00:00:00Z"))).toBe("expired");
  });

  it("in summer, the day ends at 23:00 UTC (midnight BST)", () => {
    expect(quoteState(sent("2026-07-01"), Date.parse("2026-07-01T22:59:59Z"))).toBe("sent");
    expect(quoteState(sent("2026-07-01"), Date.parse("2026-07-01T23:00:00Z"))).toBe("expired");
  });

  it("across the March clock change (last Sunday, 29 March 2026)", () => {
    // valid until Saturday 28th: ends at midnight GMT, before the clocks go forward
    expect(expiresAtMs("2026-03-28")).toBe(Date.parse("2026-03-29T00:00:00Z"));
    // valid until Sunday 29th, a 23-hour day: ends at midnight BST, 23:00 UTC
    expect(expiresAtMs("2026-03-29")).toBe(Date.parse("2026-03-29T23:00:00Z"));
    expect(quoteState(sent("2026-03-29"), Date.parse("2026-03-29T22:30:00Z"))).toBe("sent");
    expect(quoteState(sent("2026-03-29"), Date.parse("2026-03-29T23:00:00Z"))).toBe("expired");
  });

  it("across the October clock change (last Sunday, 25 October 2026)", () => {
    // valid until Saturday 24th: ends at midnight BST, 23:00 UTC
    expect(expiresAtMs("2026-10-24")).toBe(Date.parse("2026-10-24T23:00:00Z"));
    // valid until Sunday 25th, a 25-hour day: ends at midnight GMT
    expect(expiresAtMs("2026-10-25")).toBe(Date.parse("2026-10-26T00:00:00Z"));
    expect(quoteState(sent("2026-10-25"), Date.parse("2026-10-25T23:30:00Z"))).toBe("sent");
    expect(quoteState(sent("2026-10-25"), Date.parse("2026-10-26T00:00:00Z"))).toBe("expired");
  });

  it("only a sent quote expires", () => {
    for (const status of ["requested", "draft", "accepted", "declined", "revision_requested"] as const) {
      expect(quoteState({ status, validUntil: "2020-01-01" }, Date.parse("2026-01-01T00:00:00Z"))).toBe(status);
    }
  });
});
