/**
 * A connection flood as an attacker makes one: many sockets that send the start of a request head and
 * then nothing, held open. Loopback only; the count is bounded by the caller.
 */
import net from "node:net";

export type Flood = {
  /** sockets that connected */
  opened: number;
  /** sockets that could not connect at all */
  failed: number;
  /** sockets the server has closed so far */
  closedByServer: () => number;
  /** closes every socket still open */
  end: () => Promise<void>;
};

/**
 * Opens `count` half-finished requests to 127.0.0.1:`port`, `batch` connection attempts at a time, from
 * `sources` loopback addresses (127.0.0.1, .2, …): one source address has about 28,000 ports to connect from.
 */
export async function floodHalfOpen(
  port: number,
  count: number,
  { batch = 400, connectTimeoutMs = 3000, sources = 1, firstSource = 1 } = {},
): Promise<Flood> {
  const sockets = new Set<net.Socket>();
  let opened = 0;
  let failed = 0;
  let closedByServer = 0;
  let ending = false;
  let made = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const localAddress = `127.0.0.${firstSource + (made++ % sources)}`;
      const socket = net.connect({ port, host: "127.0.0.1", localAddress });
      let settled = false;
      const fail = () => {
        if (settled) return;
        settled = true;
        failed++;
        socket.destroy();
        resolve();
      };
      const timer = setTimeout(fail, connectTimeoutMs);
      socket.once("connect", () => {
        clearTimeout(timer);
        settled = true;
        opened++;
        sockets.add(socket);
        // read, so a close from the server is seen (a paused socket never notices the server's FIN)
        socket.resume();
        socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Flood: `);
        resolve();
      });
      socket.on("error", () => {
        clearTimeout(timer);
        fail();
      });
      socket.once("close", () => {
        if (!ending && sockets.has(socket)) closedByServer++;
      });
    });
  for (let started = 0; started < count; started += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - started) }, one));
  }
  return {
    opened,
    failed,
    closedByServer: () => closedByServer,
    end: async () => {
      ending = true;
      await Promise.all(
        [...sockets].map(
          (socket) =>
            new Promise<void>((resolve) => {
              if (socket.destroyed) return resolve();
              socket.once("close", () => resolve());
              socket.destroy();
            }),
        ),
      );
    },
  };
}

/** Time until /healthz answers 200 (each try given `tryMs`), or null when `withinMs` passes first. */
export async function healthyWithin(url: string, withinMs: number, tryMs = 1000): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(tryMs) });
      if (response.ok) return Date.now() - started;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}
