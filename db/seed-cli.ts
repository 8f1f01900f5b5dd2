/**
 * `npm run seed` — demo data into DATABASE_PATH (default data/app.db).
 *   npm run seed                   seed the demo data (does nothing if it is already there)
 *   npm run seed -- --reset        delete the database file first, then seed
 *   npm run seed -- --scale [N]    seed the demo data if the database is empty, then add N × the benchmark set
 *                                  (N = 1: 10,000 products, 1,000 customers, 100,000 orders over twelve months;
 *                                   N = 10: 100,000 products, 10,000 customers, 1,000,000 orders over five years)
 */
import fs from "node:fs";
import { databasePath, migrateDatabase, openDatabase } from "~/utils/db.server";
import { countRows, seedDemo, seedIfEmpty, seedScale } from "./seed";

const args = process.argv.slice(2);
const reset = args.includes("--reset");
const scaleArg = args.findIndex((a) => a === "--scale" || a.startsWith("--scale="));
let factor: number | null = null;
if (scaleArg >= 0) {
  const arg = args[scaleArg];
  const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : args[scaleArg + 1];
  factor = value !== undefined && !value.startsWith("--") ? Number(value) : 1;
  if (!Number.isFinite(factor) || factor <= 0) {
    console.error(`--scale takes a positive number, not "${value}".`);
    process.exit(1);
  }
}

const file = databasePath();
if (reset) {
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  console.log(`Deleted ${file}.`);
}

const db = openDatabase(file);
try {
  migrateDatabase(db);
  if (factor === null) {
    const before = countRows(db).users;
    await seedDemo(db);
    console.log(before === countRows(db).users ? `Demo data already present in ${file}.` : `Seeded the demo data into ${file}.`);
  } else {
    if (await seedIfEmpty(db)) console.log(`Seeded the demo data into ${file}.`);
    console.log(`Adding the benchmark data set × ${factor}...`);
    const result = await seedScale(db, factor);
    console.log(
      `Added ${result.products.toLocaleString("en-GB")} products, ${result.customers.toLocaleString("en-GB")} customers with their companies and ` +
        `${result.quotes.toLocaleString("en-GB")} quotes, and ${result.orders.toLocaleString("en-GB")} orders over ${result.years === 1 ? "twelve months" : `${result.years} years`} ` +
        `with ${result.returns.toLocaleString("en-GB")} returns, in ${(result.ms / 1000).toFixed(1)} s ` +
        `(rows ${(result.writeMs / 1000).toFixed(1)} s, indexes ${(result.indexesMs / 1000).toFixed(1)} s, journals ${(result.journalsMs / 1000).toFixed(1)} s).`,
    );
  }
  console.table(countRows(db));
} finally {
  db.$client.close();
}
