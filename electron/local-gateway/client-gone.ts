import type { ServerResponse } from "node:http";

/**
 * Aborts `controller` once the client's connection closes, and at once if it closed already: a
 * client that leaves while its request is still being checked is gone before any answer starts,
 * and a listener added after that never hears of it.
 */
export function abortWhenClientLeaves(response: ServerResponse, controller: AbortController): void {
  if (response.destroyed) controller.abort();
  else response.once("close", () => controller.abort());
}
