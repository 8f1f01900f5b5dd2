import { describe, expect, it } from "vitest";
import {
  afterReply,
  claimed,
  confirmedDraft,
  isUnsent,
  makeQueuedOrder,
  maySend,
  OTHER_ACCOUNT_MESSAGE,
  PROBLEM_OFFLINE,
  PROBLEM_SERVER,
  PROBLEM_SIGN_IN,
  SENDING_STALE_MS,
  waitingText,
} from "./order-queue-rules";

const delivery = { shippingName: "Sam", shippingEmail: "sam@example.com", shippingAddress: "1 High St", shippingCity: "Leeds", shippingPostcode: "LS1 6EN" };
const line = (productId: number, quantity: number, unitPrice: number) => ({
  productId,
  sku: `SKU-${productId}`,
  name: `Product ${productId}`,
  quantity,
  unitPrice,
  unitPriceIncVat: Math.round(unitPrice * 1.2),
  vatRate: 2000,
});
const order = makeQueuedOrder({ key: "k-1", now: new Date("2026-11-28T14:05:00Z"), lines: [line(1, 2, 1000), line(2, 5, 333)], delivery, poReference: "PO 9" });

describe("a queued order", () => {
  it("freezes its body with each line's price shown as the expected price", () => {
    expect(JSON.parse(order.body)).toEqual({
      ...delivery,
      poReference: "PO 9",
      items: [
        { productId: 1, quantity: 2, expectedUnitPrice: 1000 },
        { productId: 2, quantity: 5, expectedUnitPrice: 333 },
      ],
    });
    expect(order.goods).toEqual({ exVat: 3665, incVat: 2400 + 1998 });
    expect(order.status).toBe("waiting");
  });

  it("is taken by one sender; a send cut off is taken again only once it is stale", () => {
    const now = 1_000_000;
    expect(maySend(order, now)).toBe(true);
    const sending = claimed(order, now);
    expect(sending).toMatchObject({ status: "sending", sendingSince: now, attempts: 1 });
    expect(maySend(sending, now + 1000)).toBe(false);
    expect(maySend(sending, now + SENDING_STALE_MS)).toBe(true);
    expect(maySend(undefined, now)).toBe(false);
    expect(maySend({ ...order, status: "sent" }, now)).toBe(false);
  });

  it("becomes sent, a draft, waiting again or refused by the reply", () => {
    const sending = claimed(order, 1);
    const now = new Date();
    expect(afterReply(sending, { status: 201, body: { id: 7, orderNumber: "ORD-7" } }, now)).toMatchObject({ status: "sent", orderId: 7, orderNumber: "ORD-7" });
    expect(afterReply(sending, { status: 200, body: { id: 7, orderNumber: "ORD-7" } }, now)).toMatchObject({ status: "sent", orderId: 7 });
    const differences = [{ productId: 1, sku: "SKU-1", name: "Product 1", quantity: 2, shown: { exVat: 1000, incVat: 1200 }, now: { exVat: 1100, incVat: 1320 } }];
    expect(afterReply(sending, { status: 409, body: { message: "changed", differences, stock: [] } }, now)).toMatchObject({ status: "draft", differences });
    expect(afterReply(sending, null, now)).toMatchObject({ status: "waiting", problem: PROBLEM_OFFLINE, sendingSince: null });
    expect(afterReply(sending, { status: 500, body: null }, now)).toMatchObject({ status: "waiting", problem: PROBLEM_SERVER });
    expect(afterReply(sending, { status: 409, body: { message: "The shop is busy" } }, now)).toMatchObject({ status: "waiting", problem: PROBLEM_SERVER });
    expect(afterReply(sending, { status: 401, body: { message: "Unauthorized" } }, now)).toMatchObject({ status: "waiting", problem: PROBLEM_SIGN_IN });
    expect(afterReply(sending, { status: 403, body: { message: OTHER_ACCOUNT_MESSAGE, field: "X-Offline-Key" } }, now)).toMatchObject({ status: "waiting" });
    expect(afterReply(sending, { status: 400, body: { message: "Cola is sold in multiples of 6: 6 or 12?" } }, now)).toMatchObject({
      status: "refused",
      problem: "Cola is sold in multiples of 6: 6 or 12?",
    });
  });

  it("as a draft confirmed, is a new order with a new key at the new prices and the stock there is", () => {
    const draft = {
      ...order,
      status: "draft" as const,
      differences: [{ productId: 1, sku: "SKU-1", name: "Product 1", quantity: 2, shown: { exVat: 1000, incVat: 1200 }, now: { exVat: 1100, incVat: 1320 } }],
      stock: [{ productId: 2, sku: "SKU-2", name: "Product 2", requested: 5, available: 3 }],
    };
    const confirmed = confirmedDraft(draft, "k-2", new Date())!;
    expect(confirmed.key).toBe("k-2");
    expect(confirmed.status).toBe("waiting");
    expect(JSON.parse(confirmed.body).items).toEqual([
      { productId: 1, quantity: 2, expectedUnitPrice: 1100 },
      { productId: 2, quantity: 3, expectedUnitPrice: 333 },
    ]);
    expect(confirmedDraft({ ...draft, differences: [], stock: [{ ...draft.stock[0]!, available: 0 }, { productId: 1, sku: null, name: "P1", requested: 2, available: 0 }] }, "k-3", new Date())).toBeNull();
  });

  it("counts as waiting until sent", () => {
    expect(isUnsent(order)).toBe(true);
    expect(isUnsent({ ...order, status: "draft" })).toBe(true);
    expect(isUnsent({ ...order, status: "sent" })).toBe(false);
    expect(waitingText(1)).toBe("1 order waiting to send");
    expect(waitingText(3)).toBe("3 orders waiting to send");
  });
});
