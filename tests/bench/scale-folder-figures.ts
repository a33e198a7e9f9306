import type { DatabaseSync } from "node:sqlite";
import { listConversations } from "../../electron/services/chat/conversation-list.ts";
import { DEFAULT_BACKGROUND_RETENTION_DAYS } from "../../electron/services/ledger/ledger-retention.ts";
import { LedgerStore } from "../../electron/services/ledger/ledger-store.ts";
import { recutIfZoneMoved, rollupBacklogStep } from "../../electron/services/ledger/spend-rollup.ts";
import { openAppDatabase } from "../../electron/services/store/app-database.ts";
import { allRows } from "../../electron/common/sql-rows.ts";
import { sized } from "./bench-size.ts";
import { medianMs } from "./measure.ts";

/** Queries each figure is the median of (in a smoke run, 2). */
const RUNS = 15;
/** The Requests table's page as the window asks for it (`REQUESTS_PAGE`), and the pane's default period. */
const PAGE_ROWS = 200;
const PERIOD_DAYS = 30;

/** What the tables named take in the file: their pages and their indexes' pages (SQLite's `dbstat`). */
function bytesOf(db: DatabaseSync, tables: readonly string[]): number {
  const [row] = allRows<{ bytes: number | null }>(
    db.prepare(
      `SELECT SUM(pgsize) AS bytes FROM dbstat WHERE name IN (
         SELECT name FROM sqlite_schema WHERE tbl_name IN (SELECT value FROM json_each(?)))`,
    ),
    JSON.stringify(tables),
  );
  return row?.bytes ?? 0;
}

/**
 * The main process's side of a data folder: what the Budget pane and the conversation list ask of
 * the database, timed as the services run them, and what each ledger row and message weighs.
 */
export function folderFigures(db: DatabaseSync, profileId: string, counts: { ledgerRows: number; messages: number }) {
  const ledger = new LedgerStore(db);
  // As the host's start leaves it: the daily spend cut in this zone, every row summed.
  recutIfZoneMoved(db);
  while (rollupBacklogStep(db));
  const now = Date.now();
  const period = {
    hideBackground: true,
    from: new Date(now - PERIOD_DAYS * 86_400_000).toISOString(),
    to: new Date(now).toISOString(),
  };
  const runs = sized(RUNS, 2);
  return {
    ledgerQuery: medianMs(runs, () => ledger.page(profileId, period, 0, PAGE_ROWS)),
    spendQuery: medianMs(runs, () => ledger.spend(profileId, PERIOD_DAYS)),
    // The longest custom period the pane offers.
    spendYearQuery: medianMs(sized(3, 1), () => ledger.spend(profileId, 366)),
    conversationList: medianMs(runs, () => listConversations(db)),
    bytesPerLedgerRow: bytesOf(db, ["request_log"]) / counts.ledgerRows,
    bytesPerMessage: bytesOf(db, ["messages", "message_attachments", "conversations"]) / counts.messages,
  };
}

/**
 * The database after the retention a year of heavy use runs with: every call kept the year the
 * folder holds (its setting), background calls the default keep period. The bytes of its pages in
 * use: SQLite reuses the pages pruning frees, so a file pruned every start stays at that size.
 */
export function bytesAfterRetention(file: string): number {
  const db = openAppDatabase(file);
  try {
    new LedgerStore(db).prune({ days: 366, backgroundDays: DEFAULT_BACKGROUND_RETENTION_DAYS });
    const pragma = (name: string) => allRows<Record<string, number>>(db.prepare(`PRAGMA ${name}`))[0]?.[name] ?? 0;
    return (pragma("page_count") - pragma("freelist_count")) * pragma("page_size");
  } finally {
    db.close();
  }
}
