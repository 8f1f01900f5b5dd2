import { describe, expect, it } from "vitest";
import { decideEmptyCartMirror, parseCartMirror, restoreMirrorSchema, type CartMirror } from "./cart-mirror.schema";

const line = { productId: 4, selectedVariants: { Colour: "Blue" }, quantity: 2 };
const mirror: CartMirror = { owner: "guest", savedAt: 1_000, lines: [line] };

describe("decideEmptyCartMirror", () => {
  const context = { owner: "guest", lastOrderAt: null, emptiedHere: false };

  it("offers the lines of the same person when the server's cart came back empty", () => {
    expect(decideEmptyCartMirror(mirror, context)).toBe("offer");
    expect(decideEmptyCartMirror({ ...mirror, owner: "user:1" }, { ...context, owner: "user:1", lastOrderAt: 500 })).toBe(
      "offer",
    );
  });

  it("does nothing without a copy", () => {
    expect(decideEmptyCartMirror(null, context)).toBe("keep");
  });

  it("discards a copy that is empty, someone else's, checked out, or emptied on the page", () => {
    expect(decideEmptyCartMirror({ ...mirror, lines: [] }, context)).toBe("discard");
    expect(decideEmptyCartMirror(mirror, { ...context, owner: "user:1" })).toBe("discard");
    expect(decideEmptyCartMirror({ ...mirror, owner: "user:1" }, { ...context, owner: "user:1", lastOrderAt: 1_000 })).toBe(
      "discard",
    );
    expect(decideEmptyCartMirror(mirror, { ...context, emptiedHere: true })).toBe("discard");
  });
});

describe("parseCartMirror", () => {
  it("reads what the page stored and ignores anything else", () => {
    expect(parseCartMirror(JSON.stringify(mirror))).toEqual(mirror);
    expect(parseCartMirror(null)).toBeNull();
    expect(parseCartMirror("{not json")).toBeNull();
    expect(parseCartMirror(JSON.stringify([line]))).toBeNull();
    expect(parseCartMirror(JSON.stringify({ ...mirror, lines: [{ ...line, quantity: 0 }] }))).toBeNull();
  });
});

describe("restoreMirrorSchema", () => {
  it("parses the posted JSON lines", () => {
    expect(restoreMirrorSchema.parse({ lines: JSON.stringify([line]) }).lines).toEqual([line]);
  });

  it.each([[undefined], ["not json"], ["[]"], [JSON.stringify([{ productId: "x", quantity: 1 }])], [JSON.stringify({})]])(
    "refuses %j",
    (lines) => {
      expect(restoreMirrorSchema.safeParse({ lines }).success).toBe(false);
    },
  );
});
