import { codedText, englishOf } from "../../../shared/text/app-texts.ts";
import type { RemoteReading } from "./remote-reading.ts";
import { remoteFailure } from "./task-failures.ts";
import { resultsLeftOut } from "./task-notices.ts";
import type { TaskPollerDependencies } from "./task-poller.ts";

const CLEANED_UP = codedText("RESULT_CLEANED_UP");

/**
 * What one reading of a task at the gateway does to its record: a completed task's result is kept,
 * a task that ended without one is closed with why, and a running task is planned its next look by
 * the poll policy.
 */
export async function applyReading(
  deps: TaskPollerDependencies,
  { row, status, progress, errorCode, errorMessage, tookMs, keepResult }: RemoteReading,
): Promise<void> {
  const { watchedTasks, observations } = deps;
  const now = Date.now();
  switch (status) {
    case "completed": {
      observations.completed(row, now, tookMs);
      const leftOut = await keepResult();
      if (leftOut > 0 || row.notice !== null)
        watchedTasks.change(row.id, { notice: leftOut > 0 ? JSON.stringify(resultsLeftOut(leftOut)) : null });
      deps.onResultKept(row);
      return;
    }
    case "failed":
      observations.forget(row.id);
      watchedTasks.fail(row.id, remoteFailure(errorCode ?? null, errorMessage ?? null));
      deps.onEndedWithoutResult(row);
      return;
    case "cancelled":
    case "expired":
      observations.forget(row.id);
      watchedTasks.change(row.id, {
        status,
        finished_at: now,
        next_poll_at: null,
        ...(status === "expired"
          ? { error_message: englishOf(CLEANED_UP), error_text: JSON.stringify(CLEANED_UP) }
          : {}),
      });
      deps.onEndedWithoutResult(row);
      return;
    default: {
      observations.note(row, { at: now, progress });
      const outlook = observations.outlook(row, status !== row.status);
      const interval = deps.policy.intervalAfter(outlook, now, deps.timing);
      // A poll answered: a failure said on the task is over.
      watchedTasks.change(
        row.id,
        { status, progress, poll_interval_ms: interval, next_poll_at: now + interval, notice: null },
        ["queued", "processing"],
      );
    }
  }
}
