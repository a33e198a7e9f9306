import type { IpcError } from "../../shared/ipc/result.ts";
import { codedText, englishOf } from "../../shared/text/app-texts.ts";
import { AppError } from "./app-error.ts";
import { GatewayError } from "./gateway-client/gateway-error.ts";
import { accessCauseOf } from "./store/data-access.ts";

const INTERNAL = codedText("INTERNAL_ERROR");

/** A write the disk or another program refused, by its cause: the user can act on each. */
const STORAGE_REFUSALS = {
  "disk-full": codedText("STORAGE_DISK_FULL"),
  "read-only": codedText("STORAGE_READ_ONLY"),
  locked: codedText("STORAGE_LOCKED"),
  unreadable: codedText("STORAGE_UNREADABLE"),
} as const;

/**
 * Turns anything thrown in main into a value that can cross IPC. Unknown errors keep only a
 * generic message: their text may carry internals (paths, headers) the window must not see. A
 * write the disk refused is named (a full disk, a read-only folder, a database held elsewhere).
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof GatewayError) return error.toIpcError();
  if (error instanceof AppError) return { code: error.code, message: error.message, text: error.text };
  const cause = accessCauseOf(error);
  if (cause) {
    const text = STORAGE_REFUSALS[cause];
    return { code: text.code, message: englishOf(text), text };
  }
  return { code: "INTERNAL_ERROR", message: englishOf(INTERNAL), text: INTERNAL };
}
