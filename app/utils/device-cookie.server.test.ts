import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, rememberDevice, rememberedDevices, signInSourceOf } from "./device-cookie.server";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "./remembered-devices";
import { CLIENT_ADDRESS_HEADER } from "./sign-in-limits.server";

const pair = (setCookie: string) => setCookie.split(";")[0]!;
const requestWith = (cookie?: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/login", { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });

describe("the device cookie", () => {
  it("is long-lived, HttpOnly and SameSite=Lax, and names the account with a fresh nonce each sign-in", async () => {
    const header = await rememberDevice(requestWith(), "Buyer@Example.com");
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=`));
    expect(header).toMatch(new RegExp(`Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`));
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    const [device] = await rememberedDevices(requestWith(pair(header)));
    expect(device).toMatchObject({ email: "buyer@example.com" });
    const again = await rememberedDevices(requestWith(pair(await rememberDevice(requestWith(pair(header)), "buyer@example.com"))));
    expect(again).toHaveLength(1);
    expect(again[0]!.nonce).not.toBe(device!.nonce);
  });

  it("remembers several accounts on one browser, the latest first", async () => {
    const first = pair(await rememberDevice(requestWith(), "buyer@example.com"));
    const second = pair(await rememberDevice(requestWith(first), "chef@example.com"));
    const source = await signInSourceOf(requestWith(second, { [CLIENT_ADDRESS_HEADER]: "203.0.113.5" }));
    expect(source.client).toBe("203.0.113.5");
    expect(source.devices.map((device) => device.email)).toEqual(["chef@example.com", "buyer@example.com"]);
  });

  it("is ignored when altered or signed with another key", async () => {
    const header = pair(await rememberDevice(requestWith(), "buyer@example.com"));
    const [name, value] = [header.slice(0, header.indexOf("=")), header.slice(header.indexOf("=") + 1)];
    const [payload, signature] = [value.slice(0, value.lastIndexOf(".")), value.slice(value.lastIndexOf(".") + 1)];
    const forged = `${name}=${encodeURIComponent(btoa(JSON.stringify([{ e: "admin@example.com", n: "abcdefghijklmnopqrst", t: Date.now() }])))}.${signature}`;
    expect(await rememberedDevices(requestWith(forged))).toEqual([]);
    // one character of the signature changed (to one it was not: a signature may start with any of them)
    const altered = `${signature[0] === "x" ? "y" : "x"}${signature.slice(1)}`;
    expect(await rememberedDevices(requestWith(`${name}=${payload}.${altered}`))).toEqual([]);
    const otherKey = createCookie(DEVICE_COOKIE, { secrets: ["not-this-installs-secret"] });
    const foreign = await otherKey.serialize([{ e: "admin@example.com", n: "abcdefghijklmnopqrst", t: Date.now() }]);
    expect(await rememberedDevices(requestWith(pair(foreign)))).toEqual([]);
    expect(await rememberedDevices(requestWith(`${DEVICE_COOKIE}=garbage`))).toEqual([]);
  });
});
