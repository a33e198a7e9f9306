import { describe, expect, it } from "vitest";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { tellWait } from "../../../electron/services/scheduler/wait-notices.ts";
import { waitUntil } from "../../support/local-gateway.ts";
import {
  text,
  usage,
  chunks,
  failingAfter,
  gatewayError,
  replies,
  deltasOf,
  kindsOf,
} from "./reply-producer-fixture.ts";

describe("a reply cut short", () => {
  it.each(["STREAM_INCOMPLETE", "NETWORK_ERROR", "STREAM_STALLED", "SSE_LINE_TOO_LONG"])(
    "by %s keeps what arrived as an interrupted reply, its text shown before the error",
    async (code) => {
      const { ask } = replies(() => failingAfter(gatewayError(code), text("Half of "), text("the answer")));
      const { done, stored, events } = await ask("Hi");
      expect(done).toMatchObject({ status: "interrupted", content: "Half of the answer", error: { code } });
      // The stream's request id stays with the reply, though the failure names none.
      expect(done.meta!.requestId).toBe("req_stream");
      expect(stored).toMatchObject({ status: "interrupted", content: "Half of the answer" });
      expect(deltasOf(events)).toBe("Half of the answer");
      expect(kindsOf(events).slice(-2)).toEqual(["error", "done"]);
      expect(events.at(-2)!.data).toMatchObject({ code, retrying: false });
    },
  );

  it("fails, not interrupted, when a cut connection delivered nothing: there is no partial reply to keep", async () => {
    const { ask } = replies(() => failingAfter(gatewayError("STREAM_INCOMPLETE")));
    const { done } = await ask("Hi");
    expect(done).toMatchObject({ status: "error", content: "", error: { code: "STREAM_INCOMPLETE" } });
  });

  it("fails when the server's answer is broken midway, keeping the text that came", async () => {
    const { ask } = replies(() => failingAfter(gatewayError("INVALID_RESPONSE"), text("Half")));
    const { done } = await ask("Hi");
    expect(done).toMatchObject({ status: "error", content: "Half", error: { code: "INVALID_RESPONSE" } });
  });

  it("by a failure inside the app still ends, failed, keeping the text that came", async () => {
    const { ask } = replies(() => failingAfter(new TypeError("a bug"), text("Half")));
    const { done, events } = await ask("Hi");
    expect(done).toMatchObject({ status: "error", content: "Half" });
    expect(kindsOf(events).slice(-2)).toEqual(["error", "done"]);
  });

  it("is stopped, with no error shown, when the client reports the request aborted", async () => {
    const { ask } = replies(() => failingAfter(gatewayError("ABORTED"), text("Half")));
    const { done, events } = await ask("Hi");
    expect(done).toMatchObject({ status: "stopped", content: "Half", error: null });
    expect(kindsOf(events)).not.toContain("error");
  });
});

describe("images a model refuses", () => {
  it("are said plainly and remembered for that model, so the next ones are refused before sending", async () => {
    const { ask, refused, profile } = replies(() => {
      throw new GatewayError({
        code: "INVALID_REQUEST",
        message: "image_url is only supported by certain models",
        status: 400,
        requestId: "req_img",
      });
    });
    const { done } = await ask("What is this?", { images: true });
    expect(done).toMatchObject({ status: "error", error: { code: "IMAGES_NOT_ACCEPTED", requestId: "req_img" } });
    expect(refused).toEqual([{ profileId: profile.id, model: "chat-fast" }]);
  });

  it("are not blamed for a refusal of a question without images, nor of a web search", async () => {
    const answer = () => {
      throw new GatewayError({ code: "INVALID_REQUEST", message: "image_url is not supported", status: 400 });
    };
    const { ask, refused } = replies(answer);
    const plain = await ask("What is this?");
    expect(plain.done.error).toMatchObject({ code: "INVALID_REQUEST" });
    const searched = await ask("Find this", { searchWeb: true, images: true });
    expect(searched.done.error).toMatchObject({ code: "INVALID_REQUEST" });
    expect(refused).toEqual([]);
  });
});

describe("a rate-limited request (429)", () => {
  const rateLimited = (retryAfter?: number, requestId: string | null = "req_429") =>
    new GatewayError({
      code: "RATE_LIMIT",
      message: "Too many requests.",
      status: 429,
      ...(requestId === null ? {} : { requestId }),
      ...(retryAfter === undefined ? {} : { retryAfter }),
    });

  it("is waited out and sent again while nothing of the reply has arrived, the page told it is waiting", async () => {
    const { ask, calls } = replies(() => {
      if (calls.length === 1) throw rateLimited(0);
      return chunks(text("After the wait"), usage(3, 4));
    });
    const { done, events } = await ask("Hi");
    expect(calls).toHaveLength(2);
    expect(done).toMatchObject({ status: "complete", content: "After the wait", error: null });
    expect(kindsOf(events).slice(0, 2)).toEqual(["error", "waiting"]);
    expect(events[0]!.data).toMatchObject({ code: "RATE_LIMIT", status: 429, retrying: true, retryAfter: 0 });
  });

  it("is waited out as long as its Retry-After says; stopping during the wait stops the reply, never resent", async () => {
    // Five minutes: the wait is still on when the test stops it, however slow the machine.
    const { start, stopLatest, calls } = replies(() => {
      throw rateLimited(300);
    });
    const before = Date.now();
    const asked = await start("Hi");
    const shown = await waitUntil(
      async () => asked.eventsNow(),
      (list) => list.some((event) => event.kind === "waiting"),
    );
    const after = Date.now();
    expect(shown[0]!.data).toMatchObject({ code: "RATE_LIMIT", retrying: true, retryAfter: 300, requestId: "req_429" });
    const until = Date.parse((shown[1]!.data as { until: string }).until);
    expect(until).toBeGreaterThanOrEqual(before + 300_000);
    expect(until).toBeLessThanOrEqual(after + 300_000);
    expect(stopLatest()).toBe(true);
    const { done, events } = await asked.finished();
    expect(done).toMatchObject({ status: "stopped", error: null });
    // The refused request's id stays with the reply, to quote to the server's operator.
    expect(done.meta!.requestId).toBe("req_429");
    expect(kindsOf(events).filter((kind) => kind === "error")).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it("keeps the request id its stream gave when a 429 refusal names none", async () => {
    const { start, stopLatest } = replies(() => failingAfter(rateLimited(300, null)));
    const asked = await start("Hi");
    await waitUntil(
      async () => asked.eventsNow(),
      (list) => list.some((event) => event.kind === "waiting"),
    );
    stopLatest();
    const { done } = await asked.finished();
    expect(done.meta!.requestId).toBe("req_stream");
  });

  it("is not sent again for a reply the user stopped before the 429 came, and no wait is shown", async () => {
    const { ask, stopLatest, calls } = replies(() =>
      (async function* () {
        stopLatest();
        yield* [];
        throw rateLimited(0);
      })(),
    );
    const { done, events } = await ask("Hi");
    expect(calls).toHaveLength(1);
    expect(done).toMatchObject({ status: "stopped", content: "", error: null });
    expect(kindsOf(events)).toEqual(["done"]);
  });

  it("after part of the reply arrived is not sent again: the reply is kept as it came, not started over", async () => {
    const { ask, calls } = replies(() => failingAfter(rateLimited(0), text("Half")));
    const { done, events } = await ask("Hi");
    expect(calls).toHaveLength(1);
    expect(done).toMatchObject({ content: "Half", status: "error", error: { code: "RATE_LIMIT" } });
    expect(events.filter((event) => event.kind === "error").map((event) => event.data)).toEqual([
      expect.objectContaining({ retrying: false }),
    ]);
  });
});

describe("a request held by the key's scheduler", () => {
  it("tells the page until when it waits", async () => {
    const until = Date.parse("2030-01-02T03:04:05.000Z");
    const { ask } = replies((_call, signal) => {
      tellWait(signal, until);
      return chunks(text("Hi"));
    });
    const { events } = await ask("Hi");
    expect(events[0]).toMatchObject({ kind: "waiting", data: { until: "2030-01-02T03:04:05.000Z" } });
  });
});
