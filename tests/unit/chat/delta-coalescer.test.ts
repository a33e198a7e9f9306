import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DeltaCoalescer } from "../../../electron/services/chat/delta-coalescer.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the delta coalescer", () => {
  it("sends the first delta at once, then at most one message per 16 ms, losing nothing", () => {
    const sent: { at: number; text: string }[] = [];
    const coalescer = new DeltaCoalescer((text) => sent.push({ at: performance.now(), text }), 16);
    const pieces = Array.from({ length: 1000 }, (_, i) => `${i},`);
    for (const [index, piece] of pieces.entries()) {
      coalescer.push(piece);
      if (index % 10 === 9) vi.advanceTimersByTime(1);
    }
    // 100 ms of streaming, sent by the timer alone: one message per 16 ms, none held back for the flush.
    expect(sent.length).toBeGreaterThanOrEqual(Math.floor(100 / 16));
    coalescer.flush();
    expect(sent[0]!.text).toBe("0,");
    expect(sent.map((message) => message.text).join("")).toBe(pieces.join(""));
    for (let i = 1; i < sent.length - 1; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(16);
    expect(sent.length).toBeLessThanOrEqual(100 / 16 + 2);
  });

  it("sends what is pending when the interval has passed, by its timer, without a flush", () => {
    const sent: string[] = [];
    const coalescer = new DeltaCoalescer((text) => sent.push(text), 16);
    coalescer.push("a");
    coalescer.push("b");
    coalescer.push("c");
    vi.advanceTimersByTime(15);
    expect(sent).toEqual(["a"]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(["a", "bc"]);
    coalescer.push("d");
    vi.advanceTimersByTime(16);
    expect(sent).toEqual(["a", "bc", "d"]);
  });

  it("flushes what is pending on demand and sends nothing when empty", () => {
    const sent: string[] = [];
    const coalescer = new DeltaCoalescer((text) => sent.push(text), 16);
    coalescer.push("a");
    coalescer.push("b");
    coalescer.push("c");
    coalescer.flush();
    coalescer.flush();
    vi.advanceTimersByTime(100);
    expect(sent).toEqual(["a", "bc"]);
  });

  it("sends a delta at once when exactly the interval has passed since the last message", () => {
    const sent: string[] = [];
    const coalescer = new DeltaCoalescer((text) => sent.push(text), 16);
    coalescer.push("a");
    vi.advanceTimersByTime(16);
    coalescer.push("b");
    expect(sent).toEqual(["a", "b"]);
  });

  it("leaves no timer behind when it flushes by hand", () => {
    const sent: string[] = [];
    const coalescer = new DeltaCoalescer((text) => sent.push(text), 16);
    coalescer.push("a");
    coalescer.push("b");
    expect(vi.getTimerCount()).toBe(1);
    coalescer.flush();
    expect(vi.getTimerCount()).toBe(0);
    expect(sent).toEqual(["a", "b"]);
  });
});
