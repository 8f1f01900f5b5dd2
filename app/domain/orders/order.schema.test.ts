import { describe, expect, it } from "vitest";
import {
  apiOrderSchema,
  checkoutFormSchema,
  DELIVERY_NOTES_TOO_LONG,
  PO_REFERENCE_TOO_LONG,
  SHIPPING_MESSAGES,
} from "./order.schema";

const shipping = {
  shippingName: "Sam Patel",
  shippingEmail: "Orders@Patel-Catering.co.uk",
  shippingAddress: "Unit 2, Canal Wharf",
  shippingCity: "Leeds",
  shippingPostcode: "ls11   5ps",
};

function errorsOf(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

describe("checkoutFormSchema", () => {
  it("trims, lower-cases the email and tidies the postcode", () => {
    expect(checkoutFormSchema.parse({ ...shipping, shippingName: "  Sam Patel " })).toEqual({
      shippingName: "Sam Patel",
      shippingEmail: "orders@patel-catering.co.uk",
      shippingAddress: "Unit 2, Canal Wharf",
      shippingCity: "Leeds",
      shippingPostcode: "LS11 5PS",
      voucherCode: null,
      poReference: null,
      deliveryNotes: null,
      saveAddress: false,
      addressLabel: null,
    });
  });

  it("joins the UK form's business name, second line and county into the spec's fields", () => {
    const parsed = checkoutFormSchema.parse({
      ...shipping,
      shippingBusinessName: "Patel Catering Ltd",
      shippingAddressLine2: "Hunslet",
      shippingCounty: "West Yorkshire",
    });
    expect(parsed).toMatchObject({
      shippingAddress: "Patel Catering Ltd, Unit 2, Canal Wharf, Hunslet",
      shippingCity: "Leeds, West Yorkshire",
      shippingPostcode: "LS11 5PS",
    });
    expect(parsed).not.toHaveProperty("shippingBusinessName");
    expect(parsed).not.toHaveProperty("shippingCounty");
  });

  it("refuses a postcode that is not a UK one on shippingPostcode, through the form and the API alike", () => {
    const items = [{ productId: 1, quantity: 1 }];
    for (const postcode of ["D02 X285", "10115", "LS1 6E"]) {
      expect(errorsOf(checkoutFormSchema.safeParse({ ...shipping, shippingPostcode: postcode }))).toEqual({
        shippingPostcode: "Enter a UK postcode, for example LS1 6EN",
      });
      expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, shippingPostcode: postcode, items }))).toEqual({
        shippingPostcode: "Enter a UK postcode, for example LS1 6EN",
      });
    }
  });

  it("gives the spec's message for each missing or blank field", () => {
    expect(errorsOf(checkoutFormSchema.safeParse({}))).toEqual(SHIPPING_MESSAGES);
    expect(
      errorsOf(
        checkoutFormSchema.safeParse({
          shippingName: " ",
          shippingEmail: "",
          shippingAddress: "\t",
          shippingCity: "",
          shippingPostcode: "  ",
        }),
      ),
    ).toEqual({
      shippingName: "Name is required",
      shippingEmail: "Invalid email address",
      shippingAddress: "Address is required",
      shippingCity: "City is required",
      shippingPostcode: "Postcode is required",
    });
  });

  it("rejects a malformed email and over-long fields", () => {
    expect(errorsOf(checkoutFormSchema.safeParse({ ...shipping, shippingEmail: "sam@" }))).toEqual({
      shippingEmail: "Invalid email address",
    });
    expect(errorsOf(checkoutFormSchema.safeParse({ ...shipping, shippingPostcode: "X".repeat(21) }))).toEqual({
      shippingPostcode: "Must be 20 characters or fewer",
    });
  });
});

describe("apiOrderSchema", () => {
  it("keeps product, variants and quantity of each item and drops any client price", () => {
    const parsed = apiOrderSchema.parse({
      ...shipping,
      items: [
        { productId: 4, quantity: 2, unitPrice: "0.01", vatRate: "0.00", productName: "Anything" },
        { productId: "7", quantity: "3", selectedVariants: { Size: " M " } },
      ],
    });
    expect(parsed.items).toEqual([
      { productId: 4, quantity: 2, selectedVariants: {} },
      { productId: 7, quantity: 3, selectedVariants: { Size: "M" } },
    ]);
  });

  it("asks for items when there are none", () => {
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping }))).toEqual({ items: "Your cart is empty" });
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items: [] }))).toEqual({ items: "Your cart is empty" });
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items: "lots" }))).toEqual({ items: "Your cart is empty" });
  });

  it("refuses quantities that are not whole numbers from 1, and unknown product ids", () => {
    const message = "Quantity must be a whole number from 1 to 100000";
    for (const quantity of [0, -1, 1.5, "two", null, 100_001]) {
      expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items: [{ productId: 1, quantity }] }))).toEqual({
        "items.0.quantity": message,
      });
    }
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items: [{ productId: "x", quantity: 1 }] }))).toEqual({
      "items.0.productId": "Product not found",
    });
  });
});

describe("PO reference, delivery notes and saving the address", () => {
  const items = [{ productId: 1, quantity: 1 }];

  it("trims both, keeps the notes' line breaks and reads blank as none", () => {
    const parsed = checkoutFormSchema.parse({
      ...shipping,
      poReference: "  PO-4471 ",
      deliveryNotes: " Gate code 1234\r\nGoods in closes at 3pm  ",
    });
    expect(parsed.poReference).toBe("PO-4471");
    expect(parsed.deliveryNotes).toBe("Gate code 1234\nGoods in closes at 3pm");
    const blank = apiOrderSchema.parse({ ...shipping, items, poReference: "   ", deliveryNotes: null });
    expect([blank.poReference, blank.deliveryNotes]).toEqual([null, null]);
  });

  it("refuses a PO reference over 50 and notes over 500 characters, on their fields", () => {
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items, poReference: "P".repeat(50) }))).toEqual({});
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items, poReference: "P".repeat(51) }))).toEqual({
      poReference: PO_REFERENCE_TOO_LONG,
    });
    expect(errorsOf(checkoutFormSchema.safeParse({ ...shipping, deliveryNotes: "n".repeat(501) }))).toEqual({
      deliveryNotes: DELIVERY_NOTES_TOO_LONG,
    });
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items, poReference: 4471 }))).toEqual({});
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items, deliveryNotes: ["gate"] }))).toEqual({
      deliveryNotes: "Delivery notes must be text",
    });
  });

  it("asks for a label only when the address is to be saved", () => {
    expect(checkoutFormSchema.parse({ ...shipping, addressLabel: "ignored" })).toMatchObject({
      saveAddress: false,
      addressLabel: null,
    });
    expect(checkoutFormSchema.parse({ ...shipping, saveAddress: "on", addressLabel: " Yard " })).toMatchObject({
      saveAddress: true,
      addressLabel: "Yard",
    });
    expect(errorsOf(checkoutFormSchema.safeParse({ ...shipping, saveAddress: "on" }))).toEqual({
      addressLabel: "Label is required",
    });
    expect(errorsOf(apiOrderSchema.safeParse({ ...shipping, items, saveAddress: true, addressLabel: "x".repeat(61) }))).toEqual({
      addressLabel: "Keep the label to 60 characters or fewer",
    });
  });

  it("writes a UK postcode in its standard form", () => {
    expect(checkoutFormSchema.parse({ ...shipping, shippingPostcode: "ls16en" }).shippingPostcode).toBe("LS1 6EN");
  });
});
