import type { CsvExportCursor, CsvExportPage, LedgerEntry, LedgerFilter } from "../../../shared/ipc/ledger.ts";
import { EXPORT_MAX_ROWS, type LedgerStore } from "./ledger-store.ts";

/** The CSV columns, in order; docs/budget.md documents them. */
export const LEDGER_CSV_COLUMNS = [
  "time",
  "profile_id",
  "kind",
  "method",
  "endpoint",
  "model",
  "status",
  "error_code",
  "request_id",
  "input_tokens",
  "output_tokens",
  "latency_ms",
  "cost",
  "cost_low",
  "cost_high",
  "cost_kind",
  "refund",
  "conversation_id",
  "task_id",
  "title",
] as const;

/** Money is written to the millionth of a unit: finer is float noise, not a charge. */
const MONEY_DECIMALS = 6;
const money = (amount: number | null) => (amount === null ? null : Number(amount.toFixed(MONEY_DECIMALS)));

type Cell = string | number | null;

/**
 * One field as RFC 4180 wants it. Models, error codes, request ids and titles come from the server
 * or the user, so a text cell a spreadsheet would run as a formula (= + - @, their full-width
 * forms, or a tab or carriage return first) is prefixed with an apostrophe. Numbers the app
 * computed are written as they are.
 */
export function csvField(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function cellsOf(entry: LedgerEntry): Cell[] {
  return [
    entry.at,
    entry.profileId,
    entry.kind,
    entry.method,
    entry.endpoint,
    entry.model,
    entry.status,
    entry.errorCode,
    entry.requestId,
    entry.inputTokens,
    entry.outputTokens,
    entry.latencyMs,
    money(entry.cost),
    money(entry.costLow),
    money(entry.costHigh),
    entry.costKind,
    money(entry.refund),
    entry.conversationId,
    entry.taskId,
    entry.outside ? "Other spend on this key, made outside this app" : entry.title,
  ];
}

const HEADER = `${LEDGER_CSV_COLUMNS.join(",")}\r\n`;
const linesOf = (entries: readonly LedgerEntry[]) =>
  entries.map((entry) => `${cellsOf(entry).map(csvField).join(",")}\r\n`).join("");

/** The ledger rows as CSV: a header line, then one line per call, CRLF-terminated. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  return HEADER + linesOf(entries);
}

/**
 * Rows per part of an export: reading them and writing their lines is a few milliseconds of the
 * main thread (a month of heavy use, 100,000 rows, in one piece held it for seconds).
 */
const PART_ROWS = 500;

/** The part of the CSV export after `after`, as the window fetches it, one part at a time. */
export function ledgerCsvPart(
  ledger: LedgerStore,
  profileId: string,
  filter: LedgerFilter,
  after: CsvExportCursor | null,
  now = new Date(),
): CsvExportPage {
  const done = after?.rows ?? 0;
  const limit = Math.min(PART_ROWS, EXPORT_MAX_ROWS - done);
  const entries = ledger.entries(profileId, filter, after, limit);
  const last = entries.at(-1);
  const rows = done + entries.length;
  return {
    fileName: `requests-${now.toISOString().slice(0, 10)}.csv`,
    text: after === null ? ledgerCsv(entries) : linesOf(entries),
    total: after === null ? Math.min(ledger.count(profileId, filter), EXPORT_MAX_ROWS) : null,
    next:
      last && entries.length === limit && rows < EXPORT_MAX_ROWS
        ? { at: Date.parse(last.at), id: last.id, rows }
        : null,
  };
}
