/**
 * A second process placing orders against the same SQLite file, for the checkout test that proves stock
 * holds across processes (not only across requests in one process). Started with `node --import tsx`:
 *
 *   checkout-worker.ts <database file> <user id> <product id> <attempts>
 *
 * It opens its own connection, says "ready", waits for "go" (so every worker starts at once), places
 * `attempts` orders of one unit each and reports what each attempt answered.
 */
import { findSessionUser } from "~/domain/users/user-accounts.server";
import { placeOrder } from "~/domain/orders/orders.server";
import { openDatabase } from "~/utils/db.server";

type Message = { type: "go" };

const [file, userId, productIdText, attemptsText] = process.argv.slice(2);
const db = openDatabase(file);
const user = findSessionUser(db, userId);
if (!user || !process.send) {
  console.error("checkout-worker: needs an IPC channel and an existing user");
  process.exit(2);
}

process.on("message", async (message: Message) => {
  if (message.type !== "go") return;
  const results: { ok: boolean; status?: number; message?: string; orderNumber?: string }[] = [];
  for (let attempt = 0; attempt < Number(attemptsText); attempt += 1) {
    const result = await placeOrder(db, user, {
      shippingName: `Worker ${process.pid}`,
      shippingEmail: user.email,
      shippingAddress: "1 Test Street",
      shippingCity: "Leeds",
      shippingPostcode: "LS1 1AA",
      idempotencyKey: null,
      lines: [{ productId: Number(productIdText), quantity: 1 }],
      channel: "api",
    });
    results.push(
      result.ok && result.value.kind === "placed"
        ? { ok: true, orderNumber: result.value.orderNumber }
        : result.ok
          ? { ok: false, status: 202, message: "sent for approval" }
          : { ok: false, status: result.status, message: result.message },
    );
  }
  process.send!({ type: "done", results }, () => {
    db.$client.close();
    process.exit(0);
  });
});

process.send({ type: "ready" });
