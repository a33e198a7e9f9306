import type { DatabaseSync } from "node:sqlite";
import {
  type CsvExportCursor,
  type LedgerRetention,
  type LedgerEntry,
  type LedgerFilter,
  type LedgerPage,
  type SpendRow,
} from "../../../shared/ipc/ledger.ts";
import type { MoneyRange } from "../../../shared/ipc/budget.ts";
import { MessageMetaSchema } from "../../../shared/ipc/chat.ts";
import { allRows, onlyRow } from "../../common/sql-rows.ts";
import { readStoredColumn } from "../store/stored-json.ts";
import { ledgerWhere } from "./ledger-filter.ts";
import { costKindOf, ledgerKindOf } from "./ledger-kinds.ts";
import { MODELS_OF_PROFILE } from "./ledger-index-queries.ts";
import { pruneLedgerStep } from "./ledger-prune.ts";
import { spendPerDay } from "./spend-query.ts";

/** The most rows one CSV export holds. */
export const EXPORT_MAX_ROWS = 200_000;

interface LedgerRow {
  id: number;
  profile_id: string;
  started_at: number;
  kind: string;
  method: string;
  path: string;
  model: string | null;
  status: number | null;
  error_code: string | null;
  error: string | null;
  request_id: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  duration_ms: number;
  cost: number | null;
  cost_low: number | null;
  cost_high: number | null;
  cost_kind: string;
  refund: number | null;
  conversation_id: string | null;
  task_id: string | null;
  outside: number;
  title: string | null;
  unpriced: number;
  message_id: string | null;
  reply_meta: string | null;
}

/** What the call was for, in the user's words: its conversation's title or its task's prompt. */
const TITLE = `COALESCE((SELECT title FROM conversations WHERE conversations.id = request_log.conversation_id),
  (SELECT prompt FROM tasks WHERE tasks.id = request_log.task_id))`;

const COLUMNS = `id, profile_id, started_at, kind, method, path, model, status, error_code, error, request_id,
  input_tokens, output_tokens, duration_ms, cost, cost_low, cost_high, cost_kind, refund, conversation_id, task_id, outside,
  ${TITLE} AS title, (cost IS NULL AND attributed = 1 AND chargeable = 1) AS unpriced, message_id, (SELECT meta FROM messages WHERE messages.id = request_log.message_id) AS reply_meta`;

/** The ledger as the Budget pane reads it: pages of calls, CSV rows and spend per day. */
export class LedgerStore {
  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** Drops every row past its retention at once (`ledger-prune.ts`); how many. */
  prune(retention: LedgerRetention, now = Date.now()): number {
    let pruned = 0;
    for (let step = pruneLedgerStep(this.db, retention, now); step > 0; step = pruneLedgerStep(this.db, retention, now))
      pruned += step;
    return pruned;
  }

  /**
   * Calls left unfinished when the app last stopped are over: their charge, if any, has happened.
   * Worded as the partial index `ledger_unsettled` is, so the start reads only those.
   */
  settleLeftovers(now = Date.now()): void {
    this.db.prepare("UPDATE request_log SET settled_at = ? WHERE attributed = 0 AND settled_at IS NULL").run(now);
  }

  /** How many rows match. */
  count(profileId: string, filter: LedgerFilter): number {
    const where = ledgerWhere(profileId, filter);
    return onlyRow<{ total: number }>(
      this.db.prepare(`SELECT COUNT(*) AS total FROM request_log WHERE ${where.sql}`),
      ...where.params,
    ).total;
  }

  page(profileId: string, filter: LedgerFilter, offset: number, limit: number): LedgerPage {
    const where = ledgerWhere(profileId, filter);
    const rows = allRows<LedgerRow>(
      this.db.prepare(
        `SELECT ${COLUMNS} FROM request_log WHERE ${where.sql} ORDER BY started_at DESC, id DESC LIMIT ? OFFSET ?`,
      ),
      ...where.params,
      limit,
      offset,
    );
    const models = allRows<{ model: string }>(this.db.prepare(MODELS_OF_PROFILE), profileId).map((row) => row.model);
    return { total: this.count(profileId, filter), entries: rows.map(entryOf), models };
  }

  /**
   * The rows matching, newest first, after the row `after` names (from the newest when null), up to
   * `limit`: read a part at a time through the (profile, time) index, however far the part is.
   */
  entries(profileId: string, filter: LedgerFilter, after: CsvExportCursor | null = null, limit = EXPORT_MAX_ROWS) {
    const where = ledgerWhere(profileId, filter);
    const since = after === null ? "" : "AND started_at <= ? AND NOT (started_at = ? AND id >= ?)";
    const cursor = after === null ? [] : [after.at, after.at, after.id];
    return allRows<LedgerRow>(
      this.db.prepare(
        `SELECT ${COLUMNS} FROM request_log WHERE ${where.sql} ${since} ORDER BY started_at DESC, id DESC LIMIT ?`,
      ),
      ...where.params,
      ...cursor,
      limit,
    ).map(entryOf);
  }

  /**
   * Spend per local day, model and kind over `days` days ending with the day of `last` (today by
   * default); refunds count against it.
   */
  spend(profileId: string, days: number, last = new Date()): SpendRow[] {
    return spendPerDay(this.db, profileId, days, last);
  }

  /** Other spend on the key since `since` (what the app's own calls do not explain), with its range. */
  otherSpendSince(profileId: string, since: number): MoneyRange {
    return onlyRow<MoneyRange>(
      this.db.prepare(
        `SELECT COALESCE(SUM(cost), 0) AS amount, COALESCE(SUM(COALESCE(cost_low, cost)), 0) AS low,
           COALESCE(SUM(COALESCE(cost_high, cost)), 0) AS high
         FROM request_log WHERE profile_id = ? AND outside = 1 AND started_at >= ?`,
      ),
      profileId,
      since,
    );
  }
}

function entryOf(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    profileId: row.profile_id,
    at: new Date(row.started_at).toISOString(),
    kind: ledgerKindOf(row.kind),
    method: row.method,
    endpoint: row.path,
    model: row.model,
    status: row.status,
    errorCode: row.error_code ?? row.error,
    requestId: row.request_id,
    inputTokens: row.input_tokens,
    outputTokens: row.output_tokens,
    latencyMs: row.duration_ms,
    ...timingsOf(row),
    cost: row.cost,
    costLow: row.cost_low,
    costHigh: row.cost_high,
    costKind: costKindOf(row.cost_kind),
    refund: row.refund,
    conversationId: row.conversation_id,
    taskId: row.task_id,
    outside: row.outside === 1,
    title: row.title,
    unpriced: row.unpriced === 1,
  };
}

/**
 * A reply's first token and total, as its message recorded them; any other call's answer is read
 * whole with its headers (a JSON body), so its total is its latency.
 */
function timingsOf(row: LedgerRow): { firstTokenMs: number | null; totalMs: number | null } {
  if (row.outside === 1) return { firstTokenMs: null, totalMs: null };
  if (row.message_id === null) return { firstTokenMs: null, totalMs: row.duration_ms };
  const meta = readStoredColumn(row.reply_meta, MessageMetaSchema);
  return { firstTokenMs: meta?.ttftMs ?? null, totalMs: meta?.totalMs ?? null };
}
