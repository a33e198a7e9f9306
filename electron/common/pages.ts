import type { EventChannel, EventPayload } from "../../shared/ipc/contract.ts";

/**
 * A connected window: an Electron webContents or a web-host WebSocket. `closed` aborts when the
 * page reloads, navigates away or goes, so work started for it stops with it.
 */
export interface Page {
  readonly id: string;
  readonly closed: AbortSignal;
  send<E extends EventChannel>(event: E, payload: EventPayload<E>): void;
}
