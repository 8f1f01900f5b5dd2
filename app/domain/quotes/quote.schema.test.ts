import { describe, expect, it } from "vitest";
import { addDays, ukDay } from "~/utils/uk-time";
import { PRICE_OR_DISCOUNT_MESSAGE, saveQuoteInputFromForm, saveQuoteSchema } from "./quote.schema";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("the back office's quote form", () => {
  const validUntil = addDays(ukDay(), 7);

  it("turns rows into the API's lines: removed rows left out, a discount typed in wins over the price, a new line at the buyer's price", () => {
    const input = saveQuoteInputFromForm(
      form({
        "line.0.productId": "11",
        "line.0.variants": '{"Size":"L"}',
        "line.0.quantity": "40",
        "line.0.unitPrice": "17.50",
        "line.1.productId": "12",
        "line.1.quantity": "10",
        "line.1.unitPrice": "8.00",
        "line.1.discountPercent": "10",
        "line.2.productId": "13",
        "line.2.quantity": "5",
        "line.2.unitPrice": "1.00",
        "line.2.remove": "1",
        "add.code": "PLATE-27",
        "add.quantity": "3",
        validUntil,
      }),
      { productId: 14, selectedVariants: {} },
    );
    const parsed = saveQuoteSchema.parse(input);
    expect(parsed.items).toEqual([
      { productId: 11, selectedVariants: { Size: "L" }, quantity: 40, unitPrice: 1750, discountPercent: undefined },
      { productId: 12, selectedVariants: {}, quantity: 10, unitPrice: undefined, discountPercent: 1000 },
      { productId: 14, selectedVariants: {}, quantity: 3, unitPrice: undefined, discountPercent: 0 },
    ]);
    expect(parsed.validUntil).toBe(validUntil);
    // without a product found for it, no new line is added
    expect(saveQuoteInputFromForm(form({ "add.code": "PLATE-27", validUntil })).items).toEqual([]);
  });

  it("refuses a line with neither a price nor a discount, a negative price, and a valid-until day already gone", () => {
    const noPrice = saveQuoteSchema.safeParse({ items: [{ productId: 1, quantity: 2 }], validUntil });
    expect(noPrice.success).toBe(false);
    expect(noPrice.error?.issues[0]?.message).toBe(PRICE_OR_DISCOUNT_MESSAGE);
    const negative = saveQuoteSchema.safeParse({ items: [{ productId: 1, quantity: 2, unitPrice: "-1.00" }], validUntil });
    expect(negative.error?.issues[0]?.message).toBe("A price must be an amount in pounds ex VAT, like 12.50");
    const past = saveQuoteSchema.safeParse({ items: [{ productId: 1, quantity: 2, unitPrice: "1.00" }], validUntil: addDays(ukDay(), -1) });
    expect(past.error?.issues[0]?.message).toBe("The valid-until date cannot be in the past");
    const over = saveQuoteSchema.safeParse({ items: [{ productId: 1, quantity: 2, discountPercent: "101" }], validUntil });
    expect(over.error?.issues[0]?.message).toBe("A discount must be a percentage from 0 to 100");
  });
});
