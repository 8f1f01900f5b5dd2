/**
 * The install's own key-value settings (the `install_settings` table): facts about the install and the
 * settings its admins choose in the back office. One place reads and writes them so every area stores its
 * values the same way.
 */
import { eq } from "drizzle-orm";
import { installSettings } from "~db/schema";
import type { DB } from "~/utils/db.server";

export function readSetting(db: DB, key: string): string | null {
  return db.select({ value: installSettings.value }).from(installSettings).where(eq(installSettings.key, key)).get()?.value ?? null;
}

export function writeSetting(db: DB, key: string, value: string) {
  db.insert(installSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: installSettings.key, set: { value, updatedAt: new Date() } })
    .run();
}

/** A JSON setting, or null when it is missing or unreadable (the caller falls back to its default). */
export function readJsonSetting(db: DB, key: string): unknown {
  const text = readSetting(db, key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function writeJsonSetting(db: DB, key: string, value: unknown) {
  writeSetting(db, key, JSON.stringify(value));
}
