import { describe, expect, it } from "vitest";
import { ACCOUNTS_TABS } from "~/domain/finance/accounts-query.schema";
import { journalNumber, reversalRefusal } from "./journal-rules";
import { documentHref, FINANCIAL_ACCOUNTS_HREF } from "./ledger-hrefs";

describe("journal rules", () => {
  it("numbers journals JNL-000123", () => {
    expect(journalNumber(123)).toBe("JNL-000123");
    expect(journalNumber(1_234_567)).toBe("JNL-1234567");
  });

  it("lets only hand-posted journals that stand be reversed by hand", () => {
    const facts = { id: 7, sourceId: null, reversesId: null, reversedById: null };
    for (const sourceType of ["manual", "capital", "opening_balance"] as const) expect(reversalRefusal({ ...facts, sourceType })).toBeNull();
    expect(reversalRefusal({ ...facts, sourceType: "manual", reversedById: 9 })).toBe("JNL-000007 has already been reversed by JNL-000009");
    expect(reversalRefusal({ ...facts, sourceType: "reversal", reversesId: 3 })).toMatch(/^JNL-000007 is the reversal of JNL-000003/);
    expect(reversalRefusal({ ...facts, sourceType: "sales_invoice" })).toMatch(/posted by its document \(sales invoice\): the document's own event reverses it/);
    // a financial account's own opening balance follows its account, like any document's journal
    expect(reversalRefusal({ ...facts, sourceType: "opening_balance", sourceId: 4 })).toMatch(/posted by its document \(opening balance\)/);
  });

  it("links a journal to the screen of its document", () => {
    const href = (sourceType: Parameters<typeof documentHref>[0]["sourceType"], documentId: number | null) => documentHref({ id: 5, sourceType }, documentId);
    expect(href("sales_invoice", 12)).toBe("/admin/sales-invoices?view=12");
    expect(href("payment", 12)).toBe("/admin/sales-invoices?view=12");
    expect(href("purchase_payment", 4)).toBe("/admin/purchase-invoices?view=4");
    expect(href("refund_payment", 8)).toBe("/admin/returns?update=8");
    expect(href("vat_payment", 2)).toBe("/admin/vat-returns?view=2");
    expect(href("opening_balance", 3)).toBe(FINANCIAL_ACCOUNTS_HREF);
    expect(href("opening_balance", null)).toBe("/admin/ledger/journals/5");
    expect(href("capital", null)).toBe("/admin/ledger/journals/5");
    // a document that is no longer there: the journal itself
    expect(href("payment", null)).toBe("/admin/ledger/journals/5");
    expect(ACCOUNTS_TABS).toContain(new URL(FINANCIAL_ACCOUNTS_HREF, "http://x").searchParams.get("tab"));
  });
});
