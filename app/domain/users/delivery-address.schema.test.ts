import { describe, expect, it } from "vitest";
import { ADDRESS_MESSAGES, deliveryAddressSchema, LABEL_REQUIRED } from "./delivery-address.schema";

function errorsOf(result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));
}

const yard = { label: "Yard", name: "Goods In", address: "Unit 4, Canal Wharf", city: "Leeds", postcode: "LS11 5PS" };

describe("deliveryAddressSchema", () => {
  it("trims the fields and writes a UK postcode upper case with one space", () => {
    expect(
      deliveryAddressSchema.parse({ ...yard, label: "  Site   B ", name: " Goods In ", postcode: "ls16en" }),
    ).toEqual({ ...yard, label: "Site B", postcode: "LS1 6EN", isDefault: false });
  });

  it("keeps a postcode that is not a UK one, upper-cased, rather than refusing it", () => {
    expect(deliveryAddressSchema.parse({ ...yard, postcode: "d02  x285" }).postcode).toBe("D02 X285");
  });

  it("gives the checkout's message for each missing field, and one for the label", () => {
    expect(errorsOf(deliveryAddressSchema.safeParse({}))).toEqual({
      label: LABEL_REQUIRED,
      name: "Name is required",
      address: "Address is required",
      city: "City is required",
      postcode: "Postcode is required",
    });
    expect(errorsOf(deliveryAddressSchema.safeParse({ ...yard, name: "  ", city: "" }))).toEqual({
      name: ADDRESS_MESSAGES.name,
      city: ADDRESS_MESSAGES.city,
    });
  });

  it("limits the label to 60 characters and the postcode to 20", () => {
    expect(errorsOf(deliveryAddressSchema.safeParse({ ...yard, label: "L".repeat(60) }))).toEqual({});
    expect(errorsOf(deliveryAddressSchema.safeParse({ ...yard, label: "L".repeat(61) }))).toEqual({
      label: "Keep the label to 60 characters or fewer",
    });
    expect(errorsOf(deliveryAddressSchema.safeParse({ ...yard, postcode: "X".repeat(21) }))).toEqual({
      postcode: "Must be 20 characters or fewer",
    });
  });

  it("reads isDefault from a ticked checkbox or a JSON true", () => {
    expect(deliveryAddressSchema.parse({ ...yard, isDefault: "on" }).isDefault).toBe(true);
    expect(deliveryAddressSchema.parse({ ...yard, isDefault: true }).isDefault).toBe(true);
    expect(deliveryAddressSchema.parse({ ...yard, isDefault: false }).isDefault).toBe(false);
  });
});
