import { describe, expect, it } from "vitest";
import { importProgressPath, importProgressView, type ImportProgress } from "./import-progress";

const server = (progress: Partial<ImportProgress> | null) => ({
  stage: "server" as const,
  progress: progress && { phase: "importing" as const, done: 0, total: 0, created: 0, updated: 0, rowErrors: 0, ...progress },
});

describe("importProgressView", () => {
  it("shows the upload in bytes as a percentage", () => {
    expect(importProgressView({ stage: "uploading", sent: 2_500_000, size: 10_000_000 })).toEqual({
      label: "Uploading the file… 25%",
      value: 2_500_000,
      max: 10_000_000,
    });
    expect(importProgressView({ stage: "uploading", sent: 0, size: 0 })).toMatchObject({ label: "Uploading the file… 0%", max: 1 });
  });

  it("waits without an amount until the server says how it goes", () => {
    expect(importProgressView(server(null))).toEqual({ label: "Waiting for the server…", value: null, max: 1 });
  });

  it("reads the file in bytes, then imports products counted one by one", () => {
    expect(importProgressView(server({ phase: "reading", done: 999, total: 1_000 }))).toMatchObject({ label: "Reading the file… 99%" });
    expect(importProgressView(server({ phase: "importing", done: 4_250, total: 10_000 }))).toEqual({
      label: "Importing products… 4,250 of 10,000",
      value: 4_250,
      max: 10_000,
    });
  });

  it("ends with the counts, or with why it failed", () => {
    expect(importProgressView(server({ phase: "done", created: 9_000, updated: 1_000 }))).toEqual({
      label: "Imported: created 9,000, updated 1,000",
      value: 1,
      max: 1,
    });
    expect(importProgressView(server({ phase: "failed", message: "The file is empty." })).label).toBe("The file is empty.");
  });
});

it("polls the import by its id, escaped", () => {
  expect(importProgressPath("a/b c")).toBe("/api/admin/products/import/a%2Fb%20c");
});
