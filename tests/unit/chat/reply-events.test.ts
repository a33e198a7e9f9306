import { collectBatched, oneByOne } from "../../support/async-items.ts";
import { describe, expect, it } from "vitest";
import type {
  LenientChatChunk,
  LenientChatCompletion,
  LenientMessage,
  LenientMessageEvent,
} from "../../../electron/services/gateway-client/lenient-schemas.ts";
import {
  completionEvents,
  finishOf,
  messageEvents,
  normaliseChatChunks,
  normaliseMessageEvents,
} from "../../../electron/services/chat/stream-normaliser.ts";

const chunks = (items: readonly object[]) => normaliseChatChunks(oneByOne(items as LenientChatChunk[]));
const messageStream = (items: readonly object[]) => normaliseMessageEvents(oneByOne(items as LenientMessageEvent[]));

describe("reply events from a whole answer", () => {
  it("of chat completions: sources, the text, its usage and how it finished", () => {
    const answer = {
      choices: [{ message: { content: "Hello." }, finish_reason: "length" }],
      usage: { prompt_tokens: 5, completion_tokens: 7 },
      citations: ["https://docs.example.com/a", "not a url"],
    } as unknown as LenientChatCompletion;
    expect(completionEvents(answer)).toEqual([
      {
        type: "citations",
        sources: [
          { title: "docs.example.com", url: "https://docs.example.com/a", snippet: "" },
          { title: "not a url", url: "not a url", snippet: "" },
        ],
      },
      { type: "delta", text: "Hello." },
      { type: "usage", inputTokens: 5, outputTokens: 7, implausible: false },
      { type: "finish", finish: "max_tokens", stopSequence: null },
    ]);
  });

  it("of chat completions without choices, usage or finish: an empty reply and nothing else", () => {
    expect(completionEvents({ choices: [] } as unknown as LenientChatCompletion)).toEqual([
      { type: "delta", text: "" },
    ]);
    expect(completionEvents({ choices: [{}] } as unknown as LenientChatCompletion)).toEqual([
      { type: "delta", text: "" },
    ]);
  });

  it("of the messages format: the text, its usage and the stop sequence that matched", () => {
    const message = {
      content: [{ type: "text", text: "Done" }],
      usage: { input_tokens: 3, output_tokens: 4 },
      stop_reason: "stop_sequence",
      stop_sequence: "END",
    } as unknown as LenientMessage;
    expect(messageEvents(message)).toEqual([
      { type: "delta", text: "Done" },
      { type: "usage", inputTokens: 3, outputTokens: 4, implausible: false },
      { type: "finish", finish: "stop_sequence", stopSequence: "END" },
    ]);
    expect(messageEvents({ content: "Hi", stop_reason: "end_turn" } as unknown as LenientMessage)).toEqual([
      { type: "delta", text: "Hi" },
      { type: "finish", finish: "finished", stopSequence: null },
    ]);
    expect(messageEvents({ content: "Hi" } as unknown as LenientMessage)).toEqual([{ type: "delta", text: "Hi" }]);
  });

  it("says an empty finish reason is no finish", () => {
    expect(finishOf("")).toBeNull();
  });
});

describe("reply events from a stream", () => {
  it("takes search results first, then bare citations only when there are no results, once", async () => {
    const events = await collectBatched(
      chunks([
        { search_results: [], citations: [] },
        { search_results: [{ url: "https://a.example.com/x", title: "" }], citations: ["https://b.example.com"] },
        { citations: ["https://c.example.com"] },
      ]),
    );
    expect(events).toEqual([
      { type: "citations", sources: [{ url: "https://a.example.com/x", title: "a.example.com", snippet: "" }] },
    ]);
    expect(await collectBatched(chunks([{ citations: ["https://c.example.com/page"] }]))).toEqual([
      { type: "citations", sources: [{ title: "c.example.com", url: "https://c.example.com/page", snippet: "" }] },
    ]);
  });

  it("reads chunks without choices or deltas, and says impossible counts were dropped", async () => {
    const events = await collectBatched(
      chunks([
        {},
        { choices: [{}] },
        { choices: [{ delta: {} }] },
        { choices: [], usage: { prompt_tokens: Number.NaN, completion_tokens: 4 } },
        { choices: [], usage: { prompt_tokens: 2, completion_tokens: Number.NaN } },
        { choices: [], usage: { prompt_tokens: null } },
      ]),
    );
    expect(events).toEqual([
      { type: "usage", inputTokens: null, outputTokens: 4, implausible: true },
      { type: "usage", inputTokens: 2, outputTokens: null, implausible: true },
      { type: "usage", inputTokens: null, outputTokens: null, implausible: false },
    ]);
  });

  it("of the messages format: input tokens from the start, output from the end, and nothing for other events", async () => {
    const events = await collectBatched(
      messageStream([
        { type: "message_start", message: { usage: { input_tokens: 9 } } },
        { type: "content_block_delta", delta: { text: "" } },
        { type: "content_block_delta", delta: { text: "Hi" } },
        { type: "ping" },
        { type: "message_delta", delta: {} },
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 2 } },
      ]),
    );
    expect(events).toEqual([
      { type: "delta", text: "Hi" },
      { type: "usage", inputTokens: 9, outputTokens: 2, implausible: false },
      { type: "finish", finish: "finished", stopSequence: null },
    ]);
    expect(
      await collectBatched(
        messageStream([
          { type: "message_start" },
          { type: "message_start", message: {} },
          { type: "message_delta", usage: { output_tokens: 1 } },
        ]),
      ),
    ).toEqual([{ type: "usage", inputTokens: null, outputTokens: 1, implausible: false }]);
  });
});
