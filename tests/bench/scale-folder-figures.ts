import type { DatabaseSync } from "node:sqlite";
import { listConversations } from "../../electron/services/chat/conversation-list.ts";
import { LedgerStore } from "../../electron/services/ledger/ledger-store.ts";
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
