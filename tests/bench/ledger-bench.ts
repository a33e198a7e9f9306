import { join } from "node:path";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { ledgerWhere } from "../../electron/services/ledger/ledger-filter.ts";
import { LedgerStore } from "../../electron/services/ledger/ledger-store.ts";
import type { LedgerFilter } from "../../shared/ipc/ledger.ts";
import { tempDir } from "../support/local-gateway.ts";
import { sized } from "./bench-size.ts";
import { medianMs, report } from "./measure.ts";

/** Ledger rows, and how many queries each figure is the median of (in a smoke run, 1,000 and 2). */
const ROWS = 100_000;
const RUNS = 15;
const PROFILE = "bench";
const CALLS = [
  ["chat", "/v1/chat/completions", "chat-fast"],
  ["chat", "/v1/messages", "chat-pro"],
  ["search", "/v1/search/completions", "web-search"],
  ["image", "/v1/images/generations", "image-fast"],
  ["video", "/v1/video/generations", "video-std"],
  ["poll", "/v1/tasks/t", null],
  ["balance", "/v1/balance", null],
] as const;

/**
 * The Requests table's query over 100k ledger rows (two profiles, 90 days): one filtered page
 * with its count, as the Budget pane asks for it. The baseline is the same query told not to use
 * the ledger's indexes, in the same run.
 */
export async function ledgerBench(): Promise<void> {
  const db = openAppDatabase(join(tempDir("bench-ledger-"), "app.sqlite"));
  const now = Date.now();
  const insert = db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, status, request_id, duration_ms, kind, model,
       chargeable, attributed, cost, cost_kind) VALUES (?, ?, 'POST', ?, ?, ?, 40, ?, ?, 1, 1, 0.01, 'measured')`,
  );
  const rows = sized(ROWS, 1_000);
  db.exec("BEGIN");
  for (let i = 0; i < rows; i++) {
    const [kind, path, model] = CALLS[i % CALLS.length] ?? CALLS[0];
    const profile = i % 4 === 0 ? "other" : PROFILE;
    insert.run(profile, now - (i * 90 * 86_400_000) / rows, path, i % 23 === 0 ? 429 : 200, `req_${i}`, kind, model);
  }
  db.exec("COMMIT");
  db.exec("ANALYZE");
  const ledger = new LedgerStore(db);
  const filter: LedgerFilter = {
    model: "chat-pro",
    kind: "chat",
    outcome: "ok",
    from: new Date(now - 30 * 86_400_000).toISOString(),
    to: new Date(now).toISOString(),
  };
  const timed = (query: () => unknown) => medianMs(sized(RUNS, 2), query);
  const indexed = timed(() => ledger.page(PROFILE, filter, 0, 100));
  const where = ledgerWhere(PROFILE, filter);
  const scan = (sql: string) => db.prepare(sql.replace("FROM request_log", "FROM request_log NOT INDEXED"));
  const fullScan = timed(() => {
    scan(`SELECT COUNT(*) FROM request_log WHERE ${where.sql}`).get(...where.params);
    scan(`SELECT * FROM request_log WHERE ${where.sql} ORDER BY started_at DESC, id DESC LIMIT 100`).all(
      ...where.params,
    );
  });
  report("ledger_query_ms", indexed, "ms");
  report("ledger_query_ms_full_scan_baseline", fullScan, "ms");
  db.close();
}
