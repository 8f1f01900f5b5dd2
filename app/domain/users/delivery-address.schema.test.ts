import { describe, expect, it } from "vitest";
import {
  ADDRESS_MESSAGES,
  ADDRESS_TOO_LONG,
  deliveryAddressSchema,
  LABEL_REQUIRED,
  POSTCODE_INVALID,
  TOWN_AND_COUNTY_TOO_LONG,
} from "./delivery-address.schema";

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

  it("refuses a postcode that is not a UK one, with the message", () => {
    expect(errorsOf(deliveryAddressSchema.safeParse({ ...yard, postcode: "d02  x285" }))).toEqual({ postcode: POSTCODE_INVALID });
    expect(errorsOf(deliveryAddressSchema.safeParse({ ...yard, postcode: "LS1" }))).toEqual({ postcode: POSTCODE_INVALID });
    expect(deliveryAddressSchema.parse({ ...yard, postcode: "bfpo 801" }).postcode).toBe("BFPO 801");
  });

  it("joins the business name and second line into the address and the county after the town", () => {
    expect(
      deliveryAddressSchema.parse({
        ...yard,
        businessName: " Patel Catering Ltd ",
        address: "Unit 4, Canal Wharf,",
        addressLine2: "Hunslet",
        city: "Leeds",
        county: "West Yorkshire",
      }),
    ).toMatchObject({
      address: "Patel Catering Ltd, Unit 4, Canal Wharf, Hunslet",
      city: "Leeds, West Yorkshire",
    });
    // blank optional parts leave the spec's fields as they were typed
    expect(deliveryAddressSchema.parse({ ...yard, businessName: "", addressLine2: "  ", county: null })).toMatchObject({
      address: "Unit 4, Canal Wharf",
      city: "Leeds",
    });
  });

  it("limits each optional part, and the joined address and town to what is kept", () => {
    expect(errorsOf(deliveryAddressSchema.safeParse({ ...yard, businessName: "B".repeat(101), county: "C".repeat(41) }))).toEqual({
      businessName: "Must be 100 characters or fewer",
      county: "Must be 40 characters or fewer",
    });
    expect(
      errorsOf(deliveryAddressSchema.safeParse({ ...yard, address: "A".repeat(400), addressLine2: "L".repeat(150), city: "T".repeat(80), county: "C".repeat(30) })),
    ).toEqual({ addressLine2: ADDRESS_TOO_LONG, county: TOWN_AND_COUNTY_TOO_LONG });
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
