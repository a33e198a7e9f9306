import { describe, expect, it } from "vitest";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { StreamHub } from "../../../electron/services/streams/stream-hub.ts";
import { recordingPage } from "../../support/fake-page.ts";

describe("the stream hub", () => {
  it("sends a stream's events, numbered in order, to the page that opened it only", async () => {
    const hub = new StreamHub();
    const owner = recordingPage("owner");
    const other = recordingPage("other");
    const streamId = hub.open(owner.page, async (emit) => {
      emit({ kind: "delta", data: { text: "Hel" } });
      emit({ kind: "delta", data: { text: "lo" } });
      emit({ kind: "waiting", data: { until: "2026-01-01T00:00:00.000Z" } });
    });
    await expect.poll(() => hub.openCount, { message: "the stream has ended" }).toBe(0);
    expect(owner.received).toEqual([
      { event: "stream.event", payload: { streamId, seq: 0, kind: "delta", data: { text: "Hel" } } },
      { event: "stream.event", payload: { streamId, seq: 1, kind: "delta", data: { text: "lo" } } },
      {
        event: "stream.event",
        payload: { streamId, seq: 2, kind: "waiting", data: { until: "2026-01-01T00:00:00.000Z" } },
      },
    ]);
    expect(other.received).toEqual([]);
  });

  it("lets only the owner cancel, and cancelling aborts the producer", async () => {
    const hub = new StreamHub();
    const owner = recordingPage("owner");
    let started = false;
    let aborted = false;
    const streamId = hub.open(
      owner.page,
      (_emit, signal) =>
        new Promise<void>((resolve) => {
          started = true;
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          });
        }),
    );
    await expect.poll(() => started, { message: "the producer has started" }).toBe(true);
    expect(hub.cancel(streamId, "someone-else")).toBe(false);
    expect(aborted).toBe(false);
    expect(hub.cancel(streamId, "owner")).toBe(true);
    expect(aborted).toBe(true);
    await expect.poll(() => hub.openCount, { message: "the stream has ended" }).toBe(0);
    expect(hub.cancel(streamId, "owner")).toBe(false);
  });

  it("aborts a page's streams when the page reloads or closes, and sends nothing more", async () => {
    const hub = new StreamHub();
    const owner = recordingPage();
    const afterClose = Promise.withResolvers<void>();
    let signal: AbortSignal | undefined;
    let triedToSendMore = false;
    hub.open(owner.page, async (emit, streamSignal) => {
      signal = streamSignal;
      emit({ kind: "delta", data: { text: "a" } });
      await afterClose.promise;
      emit({ kind: "delta", data: { text: "b" } });
      triedToSendMore = true;
    });
    await expect.poll(() => owner.received.length, { message: "the producer has sent its first event" }).toBe(1);
    owner.close();
    expect(signal?.aborted).toBe(true);
    afterClose.resolve();
    await expect
      .poll(() => triedToSendMore && hub.openCount === 0, { message: "the producer has run to its end" })
      .toBe(true);
    expect(owner.received).toHaveLength(1);
  });

  it("runs a stream's producer only after the call that opened it is answered; one cancelled meanwhile runs with its signal aborted, so it still ends", async () => {
    const hub = new StreamHub();
    const owner = recordingPage("owner");
    const runs: boolean[] = [];
    const streamId = hub.open(owner.page, async (_emit, signal) => {
      runs.push(signal.aborted);
    });
    // The bridge answers the call once its handler's promise settles, in a microtask.
    await Promise.resolve();
    expect(runs).toEqual([]);
    expect(hub.cancel(streamId, "owner")).toBe(true);
    await expect.poll(() => hub.openCount, { message: "the stream has ended" }).toBe(0);
    expect(runs).toEqual([true]);
  });

  it("ends with an error event carrying the error's code and request id, not to be retried", async () => {
    const hub = new StreamHub();
    const owner = recordingPage();
    hub.open(owner.page, async () => {
      throw new GatewayError({
        code: "RATE_LIMIT",
        message: "Slow down.",
        status: 429,
        requestId: "req_9",
        retryAfter: 3,
      });
    });
    await expect.poll(() => hub.openCount, { message: "the stream has ended" }).toBe(0);
    expect(owner.received.at(-1)!.payload).toMatchObject({
      kind: "error",
      data: { code: "RATE_LIMIT", status: 429, requestId: "req_9", retryAfter: 3, retrying: false },
    });
  });

  it("stops every stream when the app closes, and resolves once each has ended", async () => {
    const hub = new StreamHub();
    const started: string[] = [];
    const ended: string[] = [];
    const producer = (name: string) => (_emit: unknown, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        started.push(name);
        signal.addEventListener("abort", () => {
          // Writing how it ended takes a turn of its own, as the reply's settling does.
          setImmediate(() => {
            ended.push(name);
            resolve();
          });
        });
      });
    hub.open(recordingPage("a").page, producer("a"));
    hub.open(recordingPage("b").page, producer("b"));
    await expect.poll(() => started.length, { message: "both streams are running" }).toBe(2);
    await hub.close();
    expect(ended.sort()).toEqual(["a", "b"]);
    expect(hub.openCount).toBe(0);
  });
});
