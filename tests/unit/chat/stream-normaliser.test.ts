import { collectBatched } from "../../support/async-items.ts";
import { describe, expect, it } from "vitest";
import { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import {
  finishOf,
  normaliseChatChunks,
  normaliseMessageEvents,
  type ReplyEvent,
} from "../../../electron/services/chat/stream-normaliser.ts";

/** A fetch that answers with `body`, delivered in pieces cut at the given byte offsets. */
function recordedFetch(body: string, cuts: number[] = []): typeof fetch {
  const bytes = new TextEncoder().encode(body);
  const bounds = [0, ...cuts.filter((cut) => cut > 0 && cut < bytes.length), bytes.length];
  return async () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < bounds.length - 1; i++) controller.enqueue(bytes.slice(bounds[i], bounds[i + 1]));
          controller.close();
        },
      }),
      { headers: { "content-type": "text/event-stream", "x-request-id": "req_recorded" } },
    );
}

const client = (body: string, cuts?: number[]) =>
  new GatewayClient(
    { baseUrl: "http://gateway.test", auth: "bearer", key: "sk-recorded-1" },
    { fetch: recordedFetch(body, cuts) },
  );

const chunk = (delta: object, finish: string | null = null, extra: object = {}) =>
  `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }], ...extra })}`;

const CHAT_STREAM =
  [
    ": keep-alive comment",
    chunk({ role: "assistant", content: "" }),
    chunk({ content: "Hel" }),
    chunk({ content: "lo 世界" }),
    chunk({}, "length", { usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }),
    "data: [DONE]",
  ].join("\n\n") + "\n\n";

const event = (name: string, data: object) => `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}`;
const MESSAGE = {
  id: "m1",
  type: "message",
  role: "assistant",
  model: "x",
  stop_reason: null,
  stop_sequence: null,
  content: [],
  usage: { input_tokens: 9, output_tokens: 0 },
};
const MESSAGES_STREAM =
  [
    event("message_start", { message: MESSAGE }),
    event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
    event("ping", {}),
    event("content_block_delta", { index: 0, delta: { type: "text_delta", text: "Bon" } }),
    event("content_block_delta", { index: 0, delta: { type: "text_delta", text: "jour" } }),
    event("content_block_stop", { index: 0 }),
    event("message_delta", {
      delta: { stop_reason: "stop_sequence", stop_sequence: "END" },
      usage: { output_tokens: 2 },
    }),
    event("message_stop", {}),
  ].join("\n\n") + "\n\n";

const EXPECTED_CHAT: ReplyEvent[] = [
  { type: "delta", text: "Hel" },
  { type: "delta", text: "lo 世界" },
  { type: "usage", inputTokens: 5, outputTokens: 3, implausible: false },
  { type: "finish", finish: "max_tokens", stopSequence: null },
];

const EXPECTED_MESSAGES: ReplyEvent[] = [
  { type: "delta", text: "Bon" },
  { type: "delta", text: "jour" },
  { type: "usage", inputTokens: 9, outputTokens: 2, implausible: false },
  { type: "finish", finish: "stop_sequence", stopSequence: "END" },
];

const request = { model: "x", messages: [{ role: "user" as const, content: "hi" }] };

describe("the stream normaliser on recorded streams", () => {
  it("maps the stop reasons of both formats to one finish", () => {
    expect([
      finishOf("stop"),
      finishOf("end_turn"),
      finishOf("length"),
      finishOf("max_tokens"),
      finishOf("stop_sequence"),
      finishOf(null),
    ]).toEqual(["finished", "finished", "max_tokens", "max_tokens", "stop_sequence", null]);
  });

  it("reads chat completions, whatever the chunk boundaries, with comments and CRLF", async () => {
    const crlf = CHAT_STREAM.replace(/\n/g, "\r\n");
    const bytes = new TextEncoder().encode(crlf).length;
    for (const cuts of [[], [1, 2, 3], [17, 18, 90, 91, 200], Array.from({ length: bytes }, (_, i) => i)]) {
      for (const body of [CHAT_STREAM, crlf]) {
        const stream = await client(body, cuts).streamChatCompletion(request);
        expect(await collectBatched(normaliseChatChunks(stream.batches))).toEqual(EXPECTED_CHAT);
        expect(stream.meta.requestId).toBe("req_recorded");
      }
    }
  });

  it("keeps the text of the chunk that carries the finish reason: the reply's last words are not lost", async () => {
    const body =
      [chunk({ content: "All " }), chunk({ content: "done." }, "stop"), "data: [DONE]"].join("\n\n") + "\n\n";
    const stream = await client(body).streamChatCompletion(request);
    expect(await collectBatched(normaliseChatChunks(stream.batches))).toEqual([
      { type: "delta", text: "All " },
      { type: "delta", text: "done." },
      { type: "finish", finish: "finished", stopSequence: null },
    ]);
  });

  it("reads the messages format, skipping ping, even cut inside a multi-byte character", async () => {
    for (const cuts of [[], [5, 60, 61, 62, 333], Array.from({ length: 40 }, (_, i) => i * 13)]) {
      const stream = await client(MESSAGES_STREAM, cuts).streamMessages({ ...request, max_tokens: 10 });
      expect(await collectBatched(normaliseMessageEvents(stream.batches))).toEqual(EXPECTED_MESSAGES);
    }
  });

  it("picks the sources of a search stream once", async () => {
    const sources = [{ title: "Rate limits", url: "http://g/help/rate-limits", snippet: "429 …" }];
    const body =
      [
        chunk({ role: "assistant", content: "" }, null, { citations: [sources[0]!.url], search_results: sources }),
        chunk({ content: "See [1]." }),
        chunk({}, "stop", {
          citations: [sources[0]!.url],
          search_results: sources,
          usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
        }),
        "data: [DONE]",
      ].join("\n\n") + "\n\n";
    const stream = await client(body).streamSearchCompletion(request);
    const events = await collectBatched(normaliseChatChunks(stream.batches));
    expect(events.filter((event) => event.type === "citations")).toEqual([{ type: "citations", sources }]);
    expect(events).toContainEqual({ type: "finish", finish: "finished", stopSequence: null });
  });

  it("fails with the stream's own error event", async () => {
    const body =
      [
        event("message_start", { message: MESSAGE }),
        event("error", { error: { type: "overloaded_error", message: "Overloaded" } }),
      ].join("\n\n") + "\n\n";
    const stream = await client(body).streamMessages({ ...request, max_tokens: 10 });
    const error = await collectBatched(normaliseMessageEvents(stream.batches)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: "overloaded_error", message: "Overloaded", requestId: "req_recorded" });
  });

  it.each([
    ["chat completions without [DONE]", CHAT_STREAM.replace("data: [DONE]\n\n", ""), "chat"],
    [
      "messages without message_stop",
      MESSAGES_STREAM.replace(/event: message_stop[^\n]*\ndata: [^\n]*\n\n$/, ""),
      "messages",
    ],
  ])("reports %s as STREAM_INCOMPLETE after the text that came", async (_name, body, format) => {
    const received: ReplyEvent[] = [];
    const events =
      format === "chat"
        ? normaliseChatChunks((await client(body).streamChatCompletion(request)).batches)
        : normaliseMessageEvents((await client(body).streamMessages({ ...request, max_tokens: 10 })).batches);
    const error = await (async () => {
      for await (const batch of events) received.push(...batch);
    })().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "STREAM_INCOMPLETE" });
    expect(received.filter((item) => item.type === "delta").length).toBeGreaterThan(0);
  });
});
