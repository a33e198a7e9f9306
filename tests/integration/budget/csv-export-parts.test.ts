import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CsvExportCursor } from "../../../shared/ipc/ledger.ts";
import { ledgerCsv, ledgerCsvPart } from "../../../electron/services/ledger/csv-export.ts";
import { LedgerStore } from "../../../electron/services/ledger/ledger-store.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { tempDir } from "../../support/local-gateway.ts";

describe("the CSV export, a part at a time", () => {
  it("adds up to the whole file, every row once, across parts that split calls made in the same millisecond", () => {
    const db = openAppDatabase(join(tempDir("csv-parts-"), "app.sqlite"));
    const insert = db.prepare(
      `INSERT INTO request_log (profile_id, started_at, method, path, status, duration_ms, kind, model, chargeable, cost,
         cost_kind) VALUES (?, ?, 'POST', '/v1/chat/completions', 200, 10, ?, 'chat-fast', 1, 0.01, 'measured')`,
    );
    const now = Date.now();
    // Seven calls a millisecond, so part boundaries fall inside a millisecond; a second profile's and
    // background calls are left out by the filter.
    for (let index = 0; index < 1234; index++) {
      insert.run(index % 10 === 0 ? "other" : "p", now - Math.floor(index / 7), index % 13 === 0 ? "poll" : "chat");
    }
    const ledger = new LedgerStore(db);
    const filter = { hideBackground: true };
    const parts: string[] = [];
    let after: CsvExportCursor | null = null;
    let total: number | null = null;
    do {
      const part = ledgerCsvPart(ledger, "p", filter, after);
      total ??= part.total;
      parts.push(part.text);
      after = part.next;
    } while (after !== null);
    const whole = ledgerCsv(ledger.entries("p", filter));
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.join("")).toBe(whole);
    expect(total).toBe(whole.split("\r\n").length - 2);
    db.close();
  });
});
