import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import type { AppServices } from "../../../electron/services/app-services.ts";
import type { ChatSettings } from "../../../shared/ipc/chat.ts";
import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { allRows, onlyRow } from "../../../electron/common/sql-rows.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { waitUntil, type TestGateway } from "../../support/local-gateway.ts";

/** Reads the balance at once after a paid call, so each call in a test is measured on its own. */
export const QUICK_SAMPLING = { afterActivityMs: 30, everyMs: 500, activeForMs: 60_000 };

/** What the local gateway charged and refunded, from its own database. */
export function gatewayCharges(gateway: TestGateway) {
  const db = new DatabaseSync(join(gateway.dataDir, "gateway.sqlite"), { readOnly: true });
  try {
    return allRows<{ amount: number; model: string; request_id: string; task_id: string | null }>(
      db.prepare("SELECT amount, model, request_id, task_id FROM charges ORDER BY id"),
    );
  } finally {
    db.close();
  }
}

/** Waits until no call of the app waits for a balance reading any more. */
export async function ledgerSettled(app: AppServices): Promise<void> {
  await waitUntil(
    async () =>
      onlyRow<{ waiting: number }>(
        app.db.prepare(
          "SELECT COUNT(*) AS waiting FROM request_log WHERE chargeable = 1 AND (attributed = 0 OR refund_pending = 1)",
        ),
      ).waiting,
    (waiting) => waiting === 0,
    20_000,
  );
}

/** Sends a message and waits for the reply to be stored; returns the reply's id. */
export async function chatTurn(app: AppServices, settings: Partial<ChatSettings>, text: string, searchWeb = false) {
  const { page } = recordingPage();
  const conversation = app.conversations.create({ ...app.chat.defaultSettings(), ...settings });
  const run = await app.chat.send(page, conversation.id, text, searchWeb);
  await replyEnded(app, conversation.id, run.assistantMessageId);
  return { conversationId: conversation.id, messageId: run.assistantMessageId };
}

/**
 * Asks for a long reply, presses Stop once `deltas` deltas have come and waits for the reply to be
 * stored; `stopped` says whether Stop reached the stream before it ended.
 */
export async function stopReplyAfter(app: AppServices, settings: Partial<ChatSettings>, deltas: number) {
  const { page, received } = recordingPage();
  const conversation = app.conversations.create({ ...app.chat.defaultSettings(), ...settings, stream: true });
  const run = await app.chat.send(page, conversation.id, "a long answer please", false);
  await waitUntil(
    async () => received.filter((entry) => JSON.stringify(entry.payload).includes('"kind":"delta"')).length,
    (count) => count >= deltas,
  );
  const stopped = app.streams.cancel(run.streamId, page.id);
  await replyEnded(app, conversation.id, run.assistantMessageId);
  return { conversationId: conversation.id, messageId: run.assistantMessageId, stopped };
}

const replyEnded = (app: AppServices, conversationId: string, messageId: string) =>
  waitUntil(
    async () => app.conversations.messages(conversationId).find((message) => message.id === messageId),
    (message) => message !== undefined && message.status !== "streaming",
    60_000,
  );

export const taskUntil = (app: AppServices, id: string, done: (task: TaskView) => boolean) =>
  waitUntil(
    async () => app.tasks.list(app.vault.resolveId()).find((task) => task.id === id),
    (task) => task !== undefined && done(task),
    30_000,
  );
