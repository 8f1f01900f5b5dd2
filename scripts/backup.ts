/**
 * `npm run backup`: an online copy of the SQLite file at DATABASE_PATH (default data/app.db) into the
 * backups folder beside it (data/backups/app-YYYYMMDD-HHMMSS.db), with the product images beside the copy
 * (data/backups/app-YYYYMMDD-HHMMSS-images/). Safe while the server is running. Prints the path of the copy.
 * The copying itself is server/backup.ts, which `npm start` also uses before it applies a migration. Then the
 * scheduled backups beyond the newest BACKUP_KEEP (14 unless set; 0 keeps all) are removed, each named on stderr.
 */
import fs from "node:fs";
import path from "node:path";
import { backupDatabase, pruneBackups, scheduledBackupsKept } from "../server/backup";

export { backupDatabase, backupFileName, pruneBackups, backupsDir, copyImages, imagesBeside, imagesOfBackup } from "../server/backup";

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  const source = path.resolve(process.env.DATABASE_PATH ?? "data/app.db");
  const keep = scheduledBackupsKept(process.env.BACKUP_KEEP);
  backupDatabase(source, undefined, "", 0).then(
    (target) => {
      console.log(path.relative(process.cwd(), target) || target);
      for (const removed of pruneBackups(path.dirname(target), "", keep)) {
        console.error(`Removed an older backup (BACKUP_KEEP=${keep}): ${path.relative(process.cwd(), removed) || removed}`);
      }
    },
    (error: unknown) => {
      console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
