import { describe, expect, it } from "vitest";
import { describeVariants, optimisticQuantity } from "./cart-line-row";

function post(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("optimisticQuantity", () => {
  it("shows the quantity a pending + or − or Update leads to", () => {
    expect(optimisticQuantity(3, undefined)).toBe(3);
    expect(optimisticQuantity(3, post({ intent: "increment", quantity: "4" }))).toBe(4);
    expect(optimisticQuantity(3, post({ intent: "decrement", quantity: "2" }))).toBe(2);
    expect(optimisticQuantity(3, post({ intent: "set-quantity", quantity: "12" }))).toBe(12);
  });

  it("hides a line being removed (− at 1, Remove, 0 or less)", () => {
    expect(optimisticQuantity(1, post({ intent: "decrement", quantity: "0" }))).toBe(0);
    expect(optimisticQuantity(3, post({ intent: "remove" }))).toBe(0);
    expect(optimisticQuantity(3, post({ intent: "set-quantity", quantity: "-2" }))).toBe(0);
  });

  it("keeps the current quantity for input the server will refuse", () => {
    expect(optimisticQuantity(3, post({ intent: "set-quantity", quantity: "" }))).toBe(3);
    expect(optimisticQuantity(3, post({ intent: "set-quantity", quantity: "2.5" }))).toBe(3);
    expect(optimisticQuantity(3, post({ intent: "save-template" }))).toBe(3);
  });
});

describe("describeVariants", () => {
  it("lists each variant with its option", () => {
    expect(describeVariants({ Size: "L", Colour: "Orange" })).toBe("Size: L, Colour: Orange");
    expect(describeVariants({})).toBe("");
  });
});
