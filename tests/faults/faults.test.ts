/**
 * Faults a box in a back room meets: the power goes (SIGKILL) in the middle of a burst of orders and
 * payments; a backup is taken while orders come in; a service manager stops the server (SIGTERM) while a
 * request is still arriving. After each, the database passes SQLite's integrity check and the stock, money
 * and points rules of tests/support/invariants.ts, and every order the server confirmed is still there.
 */
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backupDatabase } from "../../scripts/backup";
import { SHIPPING, baselineOf, checkDatabase, ordersIn, stockedProducts } from "../support/fault-orders";
import { apiClient, openDatabase, signal, startServer, stopHard, tempDir, type RunningServer } from "../../scripts/server-process";

const running: RunningServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) await stopHard(server);
});

async function start(dir: string) {
  const server = await startServer(dir);
  running.push(server);
  return server;
}

function unpaidInvoices(file: string) {
  const db = openDatabase(file);
  try {
    return db
      .prepare("select id, total - amount_paid as outstanding from sales_invoices where status = 'unpaid' and total > amount_paid order by id desc limit 20")
      .all() as { id: number; outstanding: number }[];
  } finally {
    db.close();
  }
}

const BURST = 200;
const pence = (n: number) => (n / 100).toFixed(2);

describe("faults", () => {
  it("SIGKILL during a burst of orders and payments: after a restart the file is whole and every rule holds", async () => {
    const dir = tempDir("kill");
    const file = path.join(dir, "app.db");
    let server = await start(dir);
    const buyers = [
      await apiClient(server, "buyer@example.com", "buyer-demo"),
      await apiClient(server, "buyer2@example.com", "buyer-demo"),
    ];
    const admin = await apiClient(server, "admin@example.com", "admin-demo");
    const products = stockedProducts(file);
    const invoices = unpaidInvoices(file);
    const baseline = baselineOf(file);
    expect(products.length).toBeGreaterThan(3);
    expect(invoices.length).toBeGreaterThan(3);

    const confirmed: string[] = [];
    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < BURST; i++) {
      const buyer = buyers[i % 2]!;
      const items = [0, 1, 2].slice(0, 1 + (i % 3)).map((n) => ({ productId: products[(i + n * 5) % products.length]!, quantity: 1 + ((i + n) % 3) }));
      requests.push(
        buyer
          .post("/api/orders", { ...SHIPPING, items }, { "Idempotency-Key": `kill-order-${i}-abcdef` })
          .then(async (response) => {
            if (response.status === 201) confirmed.push(((await response.json()) as { orderNumber: string }).orderNumber);
          })
          .catch(() => undefined),
      );
    }
    for (const [i, invoice] of invoices.entries()) {
      requests.push(
        admin
          .post(`/api/admin/invoices/sales/${invoice.id}/payments`, {
            amount: pence(Math.max(1, Math.floor(invoice.outstanding / 2))),
            paymentMethod: "bank_transfer",
            reference: `BACS-${i}`,
          })
          .catch(() => undefined),
      );
    }
    // let part of the burst land, then cut the power
    for (const until = Date.now() + 60_000; confirmed.length < 5 && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await stopHard(server);
    running.splice(running.indexOf(server), 1);
    await Promise.allSettled(requests);

    server = await start(dir);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const { integrity, rules } = checkDatabase(file, baseline);
    expect(integrity).toEqual([]);
    expect(rules).toEqual([]);
    // what the server confirmed before the cut is still there
    expect(ordersIn(file, confirmed)).toEqual(confirmed);
    expect(confirmed.length, "the cut came after some orders were confirmed").toBeGreaterThanOrEqual(5);
    expect(confirmed.length, "the cut came before the burst was over").toBeLessThan(BURST);
    console.log(`SIGKILL after ${confirmed.length} of ${BURST} orders were confirmed (${requests.length} requests sent)`);
  });

  it("a backup taken while orders are placed restores to a whole file where every rule holds", async () => {
    const dir = tempDir("backup");
    const file = path.join(dir, "app.db");
    const server = await start(dir);
    const buyer = await apiClient(server, "buyer@example.com", "buyer-demo");
    const products = stockedProducts(file);
    const baseline = baselineOf(file);

    let placing = true;
    let placed = 0;
    const placer = (async () => {
      for (let i = 0; placing && i < 200; i++) {
        const response = await buyer.post("/api/orders", {
          ...SHIPPING,
          items: [{ productId: products[i % products.length]!, quantity: 1 }],
        });
        if (response.status === 201) placed++;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const copy = await backupDatabase(file, path.join(dir, "backups"));
    placing = false;
    await placer;

    expect(placed).toBeGreaterThan(0);
    const { integrity, rules } = checkDatabase(copy, baseline);
    expect(integrity).toEqual([]);
    expect(rules).toEqual([]);
  });

  it("SIGTERM lets a request in flight finish, takes no new ones, then stops cleanly", async () => {
    const dir = tempDir("term");
    const file = path.join(dir, "app.db");
    const server = await start(dir);
    const buyer = await apiClient(server, "buyer@example.com", "buyer-demo");
    const products = stockedProducts(file);
    const baseline = baselineOf(file);

    // an order whose body is still arriving when the stop comes
    const body = JSON.stringify({ ...SHIPPING, items: [{ productId: products[0]!, quantity: 2 }] });
    const socket = net.connect(server.port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let reply = "";
    socket.on("data", (chunk) => (reply += String(chunk)));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.write(
      [
        "POST /api/orders HTTP/1.1",
        `Host: localhost:${server.port}`,
        `Origin: ${server.url}`,
        "Content-Type: application/json",
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Cookie: ${buyer.cookie}`,
        "",
        body.slice(0, 20),
      ].join("\r\n"),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    signal(server, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));

    // no new connections once stopping
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    socket.write(body.slice(20));
    await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 201/);
    const orderNumber = /"orderNumber":"(ORD-\d+)"/.exec(reply)?.[1];
    expect(orderNumber).toBeTruthy();

    expect(await server.exited).toBe(0);
    running.splice(running.indexOf(server), 1);
    expect(ordersIn(file, [orderNumber!])).toEqual([orderNumber]);
    const { integrity, rules } = checkDatabase(file, baseline);
    expect(integrity).toEqual([]);
    expect(rules).toEqual([]);
  });
});
