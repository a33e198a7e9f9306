import type { TaskStatus } from "../../../shared/gateway-api/tasks.ts";
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
  readonly keepResult: () => Promise<void>;
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

/** One poll of a task at its gateway: the video endpoint for videos, the task endpoint for the rest. */
export async function readRemote(
  row: TaskRow,
  remoteId: string,
  client: GatewayClient,
  keeper: ResultKeeper,
): Promise<RemoteReading> {
  const reading = (data: TaskState, keepResult: () => Promise<void>): RemoteReading => ({
    row,
    status: data.status,
    progress: data.progress ?? row.progress,
    errorCode: data.error_code,
    errorMessage: data.error_message,
    tookMs: gatewayDuration(data.created_at, data.completed_at),
    keepResult,
  });
  if (row.kind === "video") {
    const { data } = await withLedgerLink({ taskId: row.id }, () => client.getVideo(remoteId));
    return reading(data, () => keeper.keepVideo(row, data));
  }
  const { data } = await withLedgerLink({ taskId: row.id }, () => client.getTask(remoteId));
  return reading(data, () => keeper.keepImages(row, data.images, row.request_id));
}
