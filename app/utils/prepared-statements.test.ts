import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { reusePreparedStatements } from "./db.server";

describe("prepared statements are reused", () => {
  it("hands out the same statement for the same SQL, in its default mode whatever its last user set", () => {
    const sqlite = new Database(":memory:");
    reusePreparedStatements(sqlite);
    sqlite.prepare("create table t (a integer, b text)").run();
    sqlite.prepare("insert into t values (?, ?)").run(1, "one");
    const first = sqlite.prepare("select a, b from t");
    expect(first.raw().all()).toEqual([[1, "one"]]);
    const again = sqlite.prepare("select a, b from t");
    expect(again).toBe(first);
    expect(again.all()).toEqual([{ a: 1, b: "one" }]);
    expect(sqlite.prepare("select a, b from t").pluck().get()).toBe(1);
    expect(sqlite.prepare("select a, b from t").get()).toEqual({ a: 1, b: "one" });
  });

  it("answers for a table changed after the statement was prepared", () => {
    const sqlite = new Database(":memory:");
    reusePreparedStatements(sqlite);
    sqlite.prepare("create table t (a integer)").run();
    sqlite.prepare("insert into t values (1)").run();
    expect(sqlite.prepare("select * from t").all()).toEqual([{ a: 1 }]);
    sqlite.prepare("alter table t add column b text default 'x'").run();
    expect(sqlite.prepare("select * from t").all()).toEqual([{ a: 1, b: "x" }]);
  });
});
