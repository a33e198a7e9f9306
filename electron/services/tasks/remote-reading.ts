import type { TaskStatus } from "../../../shared/gateway-api/tasks.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { withLedgerLink } from "../ledger/ledger-context.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { gatewayDuration } from "./completion-estimate.ts";
import type { ResultKeeper } from "./result-keeper.ts";
import type { TaskRow } from "./task-table.ts";

/** What one poll read about a task at the gateway, and how to keep its result once completed. */
export interface RemoteReading {
  readonly row: TaskRow;
  readonly status: TaskStatus;
  readonly progress: number;
  readonly errorCode: string | undefined;
  readonly errorMessage: string | undefined;
  /** How long the gateway says the task took, by its own clock, when it tells both ends. */
  readonly tookMs: number | undefined;
  /** Keeps a completed task's result; resolves to how many results of the answer it left out. */
  readonly keepResult: () => Promise<number>;
}

/** What both task endpoints answer about a task's state. */
interface TaskState {
  readonly status: TaskStatus;
  readonly progress: number | undefined;
  readonly error_code: string | undefined;
  readonly error_message: string | undefined;
  readonly created_at: string | undefined;
  readonly completed_at: string | undefined;
}

/** Long enough to tell two ids apart, short enough for a sentence, whatever the server sent. */
const ID_SHOWN = 80;

/**
 * An answer about another task than the one asked for is refused (and the task asked again at
 * its next poll): accepted, it would close this task with another's result. An answer that names
 * no task is read as about the one asked for, as servers that leave the id out mean it.
 */
function checkIdOf(answered: string | undefined, asked: string, requestId: string | null): void {
  if (answered === undefined || answered === asked) return;
  throw new GatewayError({
    code: "TASK_ANSWER_MISMATCH",
    text: codedText("TASK_ANSWER_MISMATCH", { asked, answered: answered.slice(0, ID_SHOWN) }),
    requestId: requestId ?? undefined,
  });
}

/** One poll of a task at its gateway: the video endpoint for videos, the task endpoint for the rest. */
export async function readRemote(
  row: TaskRow,
  remoteId: string,
  client: GatewayClient,
  keeper: ResultKeeper,
): Promise<RemoteReading> {
  const reading = (data: TaskState, keepResult: () => Promise<number>): RemoteReading => ({
    row,
    status: data.status,
    progress: data.progress ?? row.progress,
    errorCode: data.error_code,
    errorMessage: data.error_message,
    tookMs: gatewayDuration(data.created_at, data.completed_at),
    keepResult,
  });
  if (row.kind === "video") {
    const { data, meta } = await withLedgerLink({ taskId: row.id }, () => client.getVideo(remoteId));
    checkIdOf(data.task_id, remoteId, meta.requestId);
    return reading(data, async () => {
      await keeper.keepVideo(row, data);
      return 0;
    });
  }
  const { data, meta } = await withLedgerLink({ taskId: row.id }, () => client.getTask(remoteId));
  checkIdOf(data.id, remoteId, meta.requestId);
  return reading(data, () => keeper.keepImages(row, data.images, row.request_id));
}
