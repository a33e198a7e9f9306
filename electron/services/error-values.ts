import type { IpcError } from "../../shared/ipc/result.ts";
import { codedText, englishOf } from "../../shared/text/app-texts.ts";
import { AppError } from "./app-error.ts";
import { GatewayError } from "./gateway-client/gateway-error.ts";

const INTERNAL = codedText("INTERNAL_ERROR");

/**
 * Turns anything thrown in main into a value that can cross IPC. Unknown errors keep only a
 * generic message: their text may carry internals (paths, headers) the window must not see.
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof GatewayError) return error.toIpcError();
  if (error instanceof AppError) return { code: error.code, message: error.message, text: error.text };
  return { code: "INTERNAL_ERROR", message: englishOf(INTERNAL), text: INTERNAL };
}
