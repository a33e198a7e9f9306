import type { DataUpkeepState } from "../../shared/ipc/data-upkeep.ts";
import { failure, ok } from "../../shared/ipc/result.ts";
import type { MainCore } from "../ipc/main-core.ts";
import { PageRegistry } from "../ipc/page-registry.ts";
import { appError } from "../services/app-error.ts";
import { toIpcError } from "../services/error-values.ts";

const DAMAGED: DataUpkeepState = { work: null, damaged: true };

/**
 * What the bridge answers once the host stopped the app for damage the check after the start found:
 * a page of the app still open (or one loaded just before) reconnects, asks what the upkeep does,
 * hears the data is damaged and opens the recovery page. Every other call finds no app running.
 */
export function recoveryCore(): MainCore {
  return {
    pages: new PageRegistry(),
    route: (channel) =>
      Promise.resolve(channel === "app.dataUpkeep" ? ok(DAMAGED) : failure(toIpcError(appError("HOST_DISCONNECTED")))),
  };
}
