import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { inTransaction } from "../../../electron/common/sql-transaction.ts";

const openDatabase = () => {
  const db = new DatabaseSync(":memory:");
  db.exec("CREATE TABLE notes (body TEXT NOT NULL)");
  return db;
};
const bodies = (db: DatabaseSync) =>
  db
    .prepare("SELECT body FROM notes")
    .all()
    .map((row) => row.body);

describe("inTransaction", () => {
  it("lands every write together and hands back what the work returned", () => {
    const db = openDatabase();
    const result = inTransaction(db, () => {
      db.prepare("INSERT INTO notes VALUES ('one'), ('two')").run();
      return "written";
    });
    expect(result).toBe("written");
    expect(db.isTransaction).toBe(false);
    expect(bodies(db)).toEqual(["one", "two"]);
  });

  it("lands none of them when the work fails, and throws its error", () => {
    const db = openDatabase();
    const failure = new Error("the disk refused");
    expect(() =>
      inTransaction(db, () => {
        db.prepare("INSERT INTO notes VALUES ('half')").run();
        throw failure;
      }),
    ).toThrow(failure);
    expect(db.isTransaction).toBe(false);
    expect(bodies(db)).toEqual([]);
  });

  it("joins a transaction already open, which decides for both", () => {
    const db = openDatabase();
    db.exec("BEGIN");
    inTransaction(db, () => db.prepare("INSERT INTO notes VALUES ('inner')").run());
    expect(db.isTransaction).toBe(true);
    db.exec("ROLLBACK");
    expect(bodies(db)).toEqual([]);
  });
});
