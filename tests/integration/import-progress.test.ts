import { beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, importProgress } from "~db/schema";
import {
  IMPORT_INTERRUPTED,
  pruneImportProgress,
  readImportProgress,
  runningImport,
  trackImport,
  type ImportOutcome,
} from "~/domain/catalog/import-progress.server";
import { REPEAT_SCOPE } from "~/domain/shared/repeat-scopes";
import { getDb } from "~/utils/db.server";
import { ok, type Result } from "~/utils/result";
import { createUser } from "./factories";

/** An import's progress is shared through the database, so every server process can answer for it. */
let adminId: string;
beforeAll(async () => {
  adminId = (await createUser({ email: "admin@example.com", role: "admin" })).id;
});

const rowOf = (importId: string) =>
  getDb().select().from(importProgress).all().find((row) => row.ownerId === adminId && row.importId === importId);

describe("import progress", () => {
  it("is written for the other processes while the import runs, and its end is written too", async () => {
    let finish: (result: Result<ImportOutcome>) => void = () => undefined;
    const done = trackImport(getDb(), adminId, "import-aaaa-0001", (progress) => {
      Object.assign(progress, { phase: "importing", done: 3, total: 10 });
      return new Promise((resolve) => (finish = resolve));
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(JSON.parse(rowOf("import-aaaa-0001")!.progress)).toMatchObject({ phase: "importing", done: 3, total: 10 });
    finish(ok({ created: 9, updated: 1, errors: [] }));
    await done;
    expect(JSON.parse(rowOf("import-aaaa-0001")!.progress)).toMatchObject({ phase: "done", created: 9, updated: 1 });
  });

  it("an import running in another process is read from its record, and a repeat waits for its result", async () => {
    const importId = "import-bbbb-0002";
    const progress = { phase: "importing", done: 5, total: 20, created: 5, updated: 0, rowErrors: 0 };
    getDb().insert(importProgress).values({ ownerId: adminId, importId, progress: JSON.stringify(progress), updatedAt: Date.now() }).run();
    expect(readImportProgress(getDb(), adminId, importId)).toMatchObject({ phase: "importing", done: 5, total: 20 });
    const waiting = runningImport(getDb(), adminId, importId);
    expect(waiting).not.toBeNull();
    // the other process finishes: its result is stored with the key
    getDb()
      .insert(idempotencyKeys)
      .values({ key: importId, ownerId: adminId, scope: REPEAT_SCOPE.productImport, result: JSON.stringify(ok({ created: 20, updated: 0, errors: [] })) })
      .run();
    await expect(waiting).resolves.toEqual(ok({ created: 20, updated: 0, errors: [] }));
  });

  it("a record no process has written for a while reads as an interrupted import, and old records are pruned", () => {
    const importId = "import-cccc-0003";
    const progress = { phase: "reading", done: 1, total: 9, created: 0, updated: 0, rowErrors: 0 };
    const long = Date.now() - 60_000;
    getDb().insert(importProgress).values({ ownerId: adminId, importId, progress: JSON.stringify(progress), updatedAt: long }).run();
    expect(readImportProgress(getDb(), adminId, importId)).toMatchObject({ phase: "failed", message: IMPORT_INTERRUPTED });
    expect(runningImport(getDb(), adminId, importId)).toBeNull();
    expect(pruneImportProgress(getDb(), long + 25 * 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    expect(rowOf(importId)).toBeUndefined();
  });
});
