import { describe, expect, it } from "vitest";
import {
  originalFileName,
  productImageSources,
  renditionFileName,
  sniffImageType,
  storedImageHash,
  storedImageUrl,
} from "./product-images";

const bytes = (...values: number[]) => new Uint8Array(values);
const HASH = "a".repeat(64);

describe("sniffImageType", () => {
  it("knows JPEG, PNG and WebP by their first bytes", () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe("jpeg");
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe("png");
    expect(sniffImageType(new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WEBPVP8 "))).toBe("webp");
  });

  it("refuses anything else, whatever the file is called", () => {
    expect(sniffImageType(new TextEncoder().encode("GIF89a\u0001\u0000"))).toBeNull();
    expect(sniffImageType(new TextEncoder().encode("name,price\nTea,1.00\n"))).toBeNull();
    // a RIFF file that is not WebP (a WAV sound)
    expect(sniffImageType(new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WAVEfmt "))).toBeNull();
    // cut short
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(sniffImageType(bytes())).toBeNull();
  });
});

describe("stored image names", () => {
  it("names the original and each rendition by the content hash", () => {
    expect(originalFileName(HASH, "jpeg")).toBe(`${HASH}.jpg`);
    expect(originalFileName(HASH, "png")).toBe(`${HASH}.png`);
    expect(renditionFileName(HASH, 320)).toBe(`${HASH}-320.webp`);
    expect(storedImageUrl(HASH)).toBe(`/images/${HASH}-640.webp`);
  });

  it("recognises only its own image URLs", () => {
    expect(storedImageHash(`/images/${HASH}-640.webp`)).toBe(HASH);
    expect(storedImageHash(`/images/${HASH}-160.webp`)).toBe(HASH);
    expect(storedImageHash(`/images/${HASH}-500.webp`)).toBeNull();
    expect(storedImageHash(`/images/${"A".repeat(64)}-640.webp`)).toBeNull();
    expect(storedImageHash(`https://cdn.example.com/images/${HASH}-640.webp`)).toBeNull();
    expect(storedImageHash("/images/../app.db")).toBeNull();
    expect(storedImageHash(null)).toBeNull();
  });

  it("offers every rendition for our images and passes other URLs through", () => {
    expect(productImageSources(`/images/${HASH}-640.webp`, 96)).toEqual({
      src: `/images/${HASH}-160.webp`,
      srcSet: `/images/${HASH}-160.webp 160w, /images/${HASH}-320.webp 320w, /images/${HASH}-640.webp 640w`,
    });
    expect(productImageSources(`/images/${HASH}-160.webp`, 640).src).toBe(`/images/${HASH}-640.webp`);
    expect(productImageSources("https://cdn.example.com/tea.jpg", 320)).toEqual({ src: "https://cdn.example.com/tea.jpg" });
  });
});
