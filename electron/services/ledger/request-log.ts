import type { DatabaseSync } from "node:sqlite";
import { z } from "zod";
import { MessageMetaSchema } from "../../../shared/ipc/chat.ts";
import { oneRow } from "../../common/sql-rows.ts";
import { callTermsOf, ledgerKindOf, PAID_KINDS } from "./call-terms.ts";
import { currentLedgerScope } from "./ledger-context.ts";
import { readStoredColumn } from "../store/stored-json.ts";
import { BODY_TIMEOUT_MS, MAX_ERROR_BODY_BYTES, MAX_IMAGE_ANSWER_BYTES } from "../gateway-client/answer-limits.ts";
import { readBoundedJson } from "../gateway-client/bounded-body.ts";
import { MAY_HAVE_BEEN_ACCEPTED_STATUSES } from "../gateway-client/gateway-error.ts";

const ErrorBodySchema = z.object({ error: z.object({ code: z.string() }) });
const TaskStatusBodySchema = z.object({ status: z.string() });
const REFUNDED_STATUSES = ["failed", "cancelled"];

/**
 * Tells the budget that a paid call is over (so the balance is worth reading) or a refund was seen;
 * `settlesIn` ms when the charge may land only that much later.
 */
type LedgerActivity = (profileId: string, settlesIn?: number) => void;

/**
 * A gateway charges a stopped stream for what it delivered once it notices the connection closed,
 * which its billing may do seconds later: the stopped reply's movement waits this long to close.
 */
const STOPPED_CHARGE_GRACE_MS = 5000;

/**
 * Wraps a fetch so every gateway call lands in the ledger: kind, model, status, request id,
 * latency, error code, and what it was for (see withLedgerLink). Headers are never recorded and
 * of the body only the model and the image count, video length and size, so keys and prompts stay out.
 */
export function loggingFetch(
  db: DatabaseSync,
  profileId: string,
  baseFetch: typeof fetch,
  onActivity: LedgerActivity = () => undefined,
): typeof fetch {
  const insert = db.prepare(
    `INSERT INTO request_log (profile_id, started_at, method, path, duration_ms, kind, model, units, size, max_tokens,
       chargeable, attributed, cost, cost_low, cost_high, cost_kind, conversation_id, message_id, task_id)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const answered = db.prepare(
    `UPDATE request_log SET status = ?, request_id = ?, duration_ms = ?, error = ?, chargeable = ?, attributed = ?,
       cost = ?, cost_low = ?, cost_high = ?, cost_kind = ?, settled_at = ? WHERE id = ?`,
  );
  // A streamed reply's terms stay as written before sending until it is settled: of its answer only
  // what no ledger index holds but the request id is written, on the way to its first text.
  const streaming = db.prepare(
    "UPDATE request_log SET status = ?, request_id = ?, duration_ms = ?, error = ? WHERE id = ?",
  );
  return async (input, init) => {
    const startedAt = Date.now();
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? "GET";
    const kind = ledgerKindOf(method, url.pathname);
    const terms = callTermsOf(kind, init?.body);
    const scope = currentLedgerScope();
    const mayBePaid = method === "POST" && PAID_KINDS.includes(kind);
    // Written before sending, so a balance read while the call is out knows it may move.
    const id = Number(
      insert.run(
        profileId,
        startedAt,
        method,
        url.pathname,
        kind,
        terms.model,
        terms.units,
        terms.size,
        terms.maxTokens,
        mayBePaid ? 1 : 0,
        mayBePaid ? 0 : 1,
        ...Array<number | null>(3).fill(mayBePaid ? null : 0),
        mayBePaid ? "unknown" : "free",
        scope?.link.conversationId ?? null,
        scope?.link.messageId ?? null,
        scope?.link.taskId ?? null,
      ).lastInsertRowid,
    );
    const record = (status: number | null, requestId: string | null, error: string | null, streamed: boolean) => {
      try {
        recordAnswer(status, requestId, error, streamed);
      } catch {
        // The disk refused (full, or locked by another process): the row stays as sent, its cost unknown, never free.
      }
    };
    const recordAnswer = (status: number | null, requestId: string | null, error: string | null, streamed: boolean) => {
      const now = Date.now();
      // A refused request costs nothing; one that got no answer, or a proxy's 502/504, may still have been charged.
      // Stryker disable next-line ConditionalExpression,LogicalOperator: fetch gives no 1xx status, and no status is paid already
      const answeredOk = status !== null && status >= 200 && status < 300;
      const paid = mayBePaid && (status === null || answeredOk || MAY_HAVE_BEEN_ACCEPTED_STATUSES.includes(status));
      const settlesLater = paid && streamed && scope?.link.messageId !== undefined;
      if (settlesLater) streaming.run(status, requestId, now - startedAt, error, id);
      else
        answered.run(
          status,
          requestId,
          now - startedAt,
          error,
          paid ? 1 : 0,
          paid ? 0 : 1,
          ...Array<number | null>(3).fill(paid ? null : 0),
          paid ? "unknown" : "free",
          now,
          id,
        );
      // The reply's tokens are known once its caller is done; a stream is charged only then.
      if (paid && scope?.link.messageId) {
        const messageId = scope.link.messageId;
        scope.whenDone(() => {
          const grace = settleReply(db, id, messageId);
          if (settlesLater) onActivity(profileId, grace);
        });
      }
      if (paid && !settlesLater) onActivity(profileId);
    };
    let response: Response;
    try {
      response = await baseFetch(input, init);
    } catch (error) {
      record(null, null, error instanceof Error ? error.name : "Error", false);
      throw error;
    }
    const streamed = response.headers.get("content-type")?.includes("text/event-stream") ?? false;
    record(response.status, response.headers.get("x-request-id"), null, streamed);
    if (!response.ok) void noteErrorCode(db, id, response.clone());
    else if ((kind === "poll" || kind === "cancel") && scope?.link.taskId) {
      const refundFrom = kind === "cancel" ? startedAt : null;
      void noteRefund(db, scope.link.taskId, startedAt, refundFrom, response.clone(), () => onActivity(profileId));
    }
    return response;
  };
}

/** A copy of the answer the caller reads too: bounded the same way, or this copy alone would hold an endless body. */
async function readJson(response: Response, maxBytes: number): Promise<unknown> {
  try {
    return await readBoundedJson(response, { maxBytes, timeoutMs: BODY_TIMEOUT_MS });
  } catch {
    return null;
  }
}

async function noteErrorCode(db: DatabaseSync, id: number, response: Response): Promise<void> {
  const body = ErrorBodySchema.safeParse(await readJson(response, MAX_ERROR_BODY_BYTES));
  if (body.success) db.prepare("UPDATE request_log SET error_code = ? WHERE id = ?").run(body.data.error.code, id);
}

/**
 * A task the gateway failed or cancelled is refunded: a cancel during its own call, a failure
 * after the task's previous call, which bounds when the balance moved.
 */
async function noteRefund(
  db: DatabaseSync,
  taskId: string,
  startedAt: number,
  refundFrom: number | null,
  response: Response,
  done: () => void,
): Promise<void> {
  const body = TaskStatusBodySchema.safeParse(await readJson(response, MAX_IMAGE_ANSWER_BYTES));
  if (!body.success || !REFUNDED_STATUSES.includes(body.data.status)) return;
  const previous = oneRow<{ started_at: number }>(
    // The task's own calls only: a model list or balance reading made meanwhile says nothing of when it failed.
    db.prepare(
      `SELECT MAX(started_at) AS started_at FROM request_log
       WHERE task_id = ? AND started_at < ? AND kind IN ('image', 'video', 'poll', 'cancel')`,
    ),
    taskId,
    startedAt,
  );
  const { changes } = db
    .prepare(
      `UPDATE request_log SET refund_from = ?, refund_to = ?, refund_pending = 1
       WHERE task_id = ? AND chargeable = 1 AND refund_to IS NULL`,
    )
    // Stryker disable next-line OptionalChaining: MAX() over no rows is still one row, holding null
    .run(refundFrom ?? previous?.started_at ?? startedAt, Date.now(), taskId);
  if (Number(changes) > 0) done();
}

/**
 * A reply's call is over: charged by now for the tokens its message records, or, stopped, within
 * the grace (returned) for what was delivered, which the app cannot count: the gateway sent more
 * than the app read before it closed the stream, so its own count stays out of the ledger.
 */
function settleReply(db: DatabaseSync, id: number, messageId: string): number {
  const stored = oneRow<{ meta: string | null; status: string }>(
    db.prepare("SELECT meta, status FROM messages WHERE id = ?"),
    messageId,
  );
  const meta = readStoredColumn(stored?.meta, MessageMetaSchema);
  const stopped = stored?.status === "stopped";
  const counted = !(stopped && meta?.tokensEstimated);
  const grace = stopped ? STOPPED_CHARGE_GRACE_MS : 0;
  db.prepare(
    `UPDATE request_log SET settled_at = COALESCE(settled_at, ?), input_tokens = ?, output_tokens = ? WHERE id = ?`,
  ).run(
    Date.now() + grace,
    counted ? (meta?.inputTokens ?? null) : null,
    counted ? (meta?.outputTokens ?? null) : null,
    id,
  );
  return grace;
}
