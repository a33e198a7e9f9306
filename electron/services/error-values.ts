import type { IpcError } from "../../shared/ipc/result.ts";
import { AppError } from "./app-error.ts";
import { GatewayError } from "./gateway-client/gateway-error.ts";

/**
 * Turns anything thrown in main into a value that can cross IPC. Unknown errors keep only a
 * generic message: their text may carry internals (paths, headers) the window must not see.
 */
export function toIpcError(error: unknown): IpcError {
  if (error instanceof GatewayError) return error.toIpcError();
  if (error instanceof AppError) return { code: error.code, message: error.message };
  return {
    code: "INTERNAL_ERROR",
    message: "Something went wrong in the app. Try again; if it keeps happening, restart it.",
  };
}
