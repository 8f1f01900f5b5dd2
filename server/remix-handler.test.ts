import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sendResponse } from "./remix-handler";

const CHUNK = new Uint8Array(64 * 1024).fill(120);
let server: http.Server | null = null;

afterEach(() => {
  server?.close();
  server = null;
});

/** A server answering every request with an endless body of 64 KB chunks, counting the chunks it is asked for. */
async function endlessDownload() {
  const seen = { pulled: 0, cancelled: false };
  const app = express();
  app.get("/", (_req, res) => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        seen.pulled += 1;
        controller.enqueue(CHUNK);
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    void sendResponse(res, new Response(body, { headers: { "Content-Type": "text/csv" } }));
  });
  server = app.listen(0);
  await new Promise((resolve) => server!.once("listening", resolve));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

const until = async (check: () => boolean) => {
  for (let waited = 0; !check() && waited < 5_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe("sending a streamed body", () => {
  it("reads the body only as fast as the client takes it, and stops reading when the client goes", async () => {
    const { seen, url } = await endlessDownload();
    const response = await new Promise<http.IncomingMessage>((resolve) => http.get(url, resolve));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    // the client reads one chunk, then takes nothing for a while: the body is not read on into memory
    await new Promise((resolve) => response.once("data", resolve));
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pulled = seen.pulled;
    // what the sockets' buffers hold, a few megabytes at most, not the endless file
    expect(pulled * CHUNK.byteLength).toBeLessThan(16 * 1024 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.pulled).toBe(pulled);
    response.destroy();
    await until(() => seen.cancelled);
    expect(seen.cancelled).toBe(true);
  });
});
