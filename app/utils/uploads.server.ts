/**
 * Where a large upload (the product import's CSV) waits on disk while its request is worked on: `uploads/`
 * beside the database, on the data's own disk rather than a /tmp that may be held in memory. Each request
 * deletes its files once answered (`readMultipartWithin`'s discard); the housekeeping sweep deletes what a
 * process stopped mid-request left behind.
 */
import fs from "node:fs";
import path from "node:path";
import { databasePath } from "./db.server";

/** Uploads older than this are leftovers: an import is answered within minutes. */
const LEFTOVER_AFTER_MS = 24 * 60 * 60 * 1000;

export function uploadsDir() {
  return path.join(path.dirname(databasePath()), "uploads");
}

/** Deletes the uploads left behind longer than a day; answers how many. */
export function pruneUploads(now = Date.now(), dir = uploadsDir()): number {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return 0; // no upload yet
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > LEFTOVER_AFTER_MS) {
        fs.rmSync(file, { force: true });
        removed += 1;
      }
    } catch {
      // deleted meanwhile by its own request
    }
  }
  return removed;
}
