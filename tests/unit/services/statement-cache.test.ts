import { describe, expect, it } from "vitest";
import { StatementCachingDatabase } from "../../../electron/common/statement-cache.ts";

const openDatabase = () => {
  const db = new StatementCachingDatabase(":memory:");
  db.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
  return db;
};

describe("StatementCachingDatabase", () => {
  it("prepares a statement once and runs it again with other values", () => {
    const db = openDatabase();
    const insert = db.prepare("INSERT INTO notes (body) VALUES (?)");
    expect(db.prepare("INSERT INTO notes (body) VALUES (?)")).toBe(insert);
    insert.run("first");
    db.prepare("INSERT INTO notes (body) VALUES (?)").run("second");
    const read = "SELECT body FROM notes WHERE id = ?";
    expect(db.prepare(read).get(1)).toEqual({ body: "first" });
    expect(db.prepare(read).get(2)).toEqual({ body: "second" });
    expect(db.prepare("SELECT body FROM notes ORDER BY id").all()).toEqual([{ body: "first" }, { body: "second" }]);
  });

  it("lets the least recently used statement go past its limit, and keeps the one used since", () => {
    const db = openDatabase();
    const first = db.prepare("SELECT 0 AS n");
    const second = db.prepare("SELECT 1 AS n");
    for (let n = 2; n < 256; n++) db.prepare(`SELECT ${n} AS n`);
    // Used again, the first is now the newest; the next new statement pushes out the second.
    expect(db.prepare("SELECT 0 AS n")).toBe(first);
    db.prepare("SELECT 256 AS n");
    expect(db.prepare("SELECT 0 AS n")).toBe(first);
    const again = db.prepare("SELECT 1 AS n");
    expect(again).not.toBe(second);
    expect(again.get()).toEqual({ n: 1 });
  });

  it("gives a statement prepared with options to its caller alone", () => {
    const db = openDatabase();
    const shared = db.prepare("SELECT 1 AS n");
    const own = db.prepare("SELECT 1 AS n", { readBigInts: true });
    expect(own).not.toBe(shared);
    expect(own.get()).toEqual({ n: 1n });
    expect(db.prepare("SELECT 1 AS n").get()).toEqual({ n: 1 });
  });
});
