import type { EventChannel } from "../../shared/ipc/contract.ts";
import type { Page } from "../../electron/common/pages.ts";

/** A page that records what main sends it; `close()` is a reload or a closed window. */
export function recordingPage(id = "page-1") {
  const closed = new AbortController();
  const received: { event: EventChannel; payload: unknown }[] = [];
  const page: Page = {
    id,
    closed: closed.signal,
    send(event, payload) {
      received.push({ event, payload });
    },
  };
  return { page, received, close: () => closed.abort() };
}
