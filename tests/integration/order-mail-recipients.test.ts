/**
 * Order mails go to the account's email; the shipping email typed at checkout gets a copy only at the
 * account's own company domain. Checked on the confirmation (placed through POST /api/orders) and on the
 * shipped notice (the back office's status change).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as apiOrderStatus from "~/routes/api.admin.orders.$orderId.status";
import * as apiOrders from "~/routes/api.orders";
import { parseHeaders } from "~/utils/mail.server";
import { createProduct, createUser } from "./factories";
import { buildRequest, callRoute, readJson } from "./http";
import { mailFor } from "./outbox";
import { signIn } from "./sign-in";

const ACCOUNT = "sam@patel-catering.co.uk";
let buyerCookie: string;
let adminCookie: string;
let productId: number;

beforeAll(async () => {
  await createUser({ email: ACCOUNT });
  await createUser({ email: "admin@example.com", role: "admin" });
  buyerCookie = await signIn(ACCOUNT, { via: "api" });
  adminCookie = await signIn("admin@example.com", { via: "api" });
  productId = createProduct({ name: "Paper Towels", salesPrice: 250 }).id;
});

async function placeWith(shippingEmail: string) {
  const response = await callRoute(
    apiOrders.action,
    buildRequest("/api/orders", {
      json: {
        shippingName: "Goods In",
        shippingEmail,
        shippingAddress: "Unit 2, Canal Wharf",
        shippingCity: "Leeds",
        shippingPostcode: "LS11 5PS",
        items: [{ productId, quantity: 2 }],
      },
      cookie: buyerCookie,
    }),
  );
  expect(response.status).toBe(201);
  return (await readJson(response)) as { id: number; orderNumber: string };
}

function recipientsOf(subjectPart: string) {
  const mail = mailFor(subjectPart)!;
  expect(mail).not.toBeNull();
  const headers = parseHeaders(mail.raw);
  return { to: headers.get("to"), cc: headers.get("cc") ?? null };
}

describe("order mail recipients", () => {
  it("copies a shipping email at the account's company domain on the confirmation and the shipped notice", async () => {
    // checkout keeps emails in lower case; the rule itself ignores case (its unit test)
    const order = await placeWith("Goods-In@Patel-Catering.co.uk");
    expect(recipientsOf(`Order ${order.orderNumber} confirmed`)).toEqual({ to: ACCOUNT, cc: "goods-in@patel-catering.co.uk" });

    const shipped = await callRoute(
      apiOrderStatus.action,
      buildRequest(`/api/admin/orders/${order.id}/status`, { method: "PATCH", json: { status: "shipped" }, cookie: adminCookie }),
      { orderId: String(order.id) },
    );
    expect(shipped.status).toBe(200);
    expect(recipientsOf(`Order ${order.orderNumber} has shipped`)).toEqual({ to: ACCOUNT, cc: "goods-in@patel-catering.co.uk" });
  });

  it("sends only to the account when the shipping email is at another domain", async () => {
    const order = await placeWith("sam.patel@gmail.com");
    expect(recipientsOf(`Order ${order.orderNumber} confirmed`)).toEqual({ to: ACCOUNT, cc: null });
  });
});
