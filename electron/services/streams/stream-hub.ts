import { randomUUID } from "node:crypto";
import type { ChatStreamEvent } from "../../../shared/ipc/chat.ts";
import { toIpcError } from "../error-values.ts";
import { InFlight } from "../../common/in-flight.ts";
import type { Page } from "../../common/pages.ts";

export type Emit = (event: ChatStreamEvent) => void;
type StreamProducer = (emit: Emit, signal: AbortSignal) => Promise<void>;

interface OpenStream {
  readonly pageId: string;
  readonly controller: AbortController;
}

/**
 * Runs main-process streams for pages. Events go only to the page that opened the stream, in
 * `seq` order; the stream is aborted when that page asks, reloads or closes, or the app closes.
 */
export class StreamHub {
  private readonly streams = new Map<string, OpenStream>();
  private readonly producing = new InFlight();

  open(page: Page, produce: StreamProducer): string {
    const streamId = randomUUID();
    const controller = new AbortController();
    const abortWithPage = () => controller.abort();
    page.closed.addEventListener("abort", abortWithPage, { once: true });
    this.streams.set(streamId, { pageId: page.id, controller });
    let seq = 0;
    const emit: Emit = (event) => {
      if (page.closed.aborted) return;
      page.send("stream.event", { streamId, seq: seq++, ...event });
    };
    void this.producing.track(
      (async () => {
        try {
          // The page's call that opened the stream is answered first: the page handles that answer
          // while the request is built and the gateway works, not when the first words arrive.
          await new Promise(setImmediate);
          await produce(emit, controller.signal);
        } catch (error) {
          emit({ kind: "error", data: { ...toIpcError(error), retrying: false } });
        } finally {
          page.closed.removeEventListener("abort", abortWithPage);
          this.streams.delete(streamId);
        }
      })(),
    );
    return streamId;
  }

  /**
   * Stops every stream, as Stop would, and resolves once each has written how it ended: what
   * streamed is kept and its call settled in the ledger before the database closes.
   */
  async close(): Promise<void> {
    for (const stream of this.streams.values()) stream.controller.abort();
    await this.producing.drained();
  }

  /** Only the page that opened a stream may cancel it. */
  cancel(streamId: string, pageId: string): boolean {
    const stream = this.streams.get(streamId);
    if (!stream || stream.pageId !== pageId) return false;
    stream.controller.abort();
    return true;
  }

  get openCount(): number {
    return this.streams.size;
  }
}
