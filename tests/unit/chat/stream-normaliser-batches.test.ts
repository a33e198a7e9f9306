import { describe, expect, it } from "vitest";
import {
  LenientChatChunkSchema,
  LenientChatCompletionSchema,
  LenientMessageEventSchema,
  LenientMessageSchema,
} from "../../../electron/services/gateway-client/lenient-schemas.ts";
import {
  completionEvents,
  messageEvents,
  normaliseChatChunks,
  normaliseMessageEvents,
} from "../../../electron/services/chat/stream-normaliser.ts";
import { collect } from "../../support/async-items.ts";

/** Each inner list is one network read's worth of stream messages, parsed as the client parses them. */
async function* reads<T>(schema: { parse(value: unknown): T }, ...batches: unknown[][]): AsyncGenerator<T[]> {
  for (const batch of batches) yield batch.map((value) => schema.parse(value));
}

const chunk = (delta: object, finishReason: string | null = null) => ({
  choices: [{ delta, finish_reason: finishReason }],
});

describe("the stream normaliser, a read's worth at a time", () => {
  it("gives a Chat Completions read that carries nothing no batch, and nothing after the finish", async () => {
    const batches = await collect(
      normaliseChatChunks(
        reads(
          LenientChatChunkSchema,
          [chunk({ role: "assistant" })],
          [chunk({ content: "Hel" }), chunk({ content: "lo" })],
          [chunk({}), chunk({}, "stop")],
        ),
      ),
    );
    expect(batches).toEqual([
      [
        { type: "delta", text: "Hel" },
        { type: "delta", text: "lo" },
      ],
      [{ type: "finish", finish: "finished", stopSequence: null }],
    ]);
  });

  it("takes a tool call whose first piece has an id but no function yet", async () => {
    const batches = await collect(
      normaliseChatChunks(
        reads(
          LenientChatChunkSchema,
          [chunk({ tool_calls: [{ index: 0, id: "call_a" }] })],
          [chunk({ tool_calls: [{ index: 0, function: { name: "look_up", arguments: '{"q":' } }] })],
          [chunk({ tool_calls: [{ index: 0, function: { arguments: "1}" } }] }), chunk({}, "tool_calls")],
        ),
      ),
    );
    expect(batches).toEqual([
      [
        {
          type: "toolCalls",
          calls: [{ id: "call_a", name: "look_up", arguments: '{"q":1}', oversize: false }],
        },
        { type: "finish", finish: "finished", stopSequence: null },
      ],
    ]);
  });

  it("gives the tool calls once, though a server repeats the finish", async () => {
    const call = { index: 0, id: "call_a", function: { name: "look_up", arguments: "{}" } };
    const chat = await collect(
      normaliseChatChunks(
        reads(LenientChatChunkSchema, [chunk({ tool_calls: [call] }), chunk({}, "tool_calls")], [chunk({}, "stop")]),
      ),
    );
    const tool = { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "t", name: "f" } };
    const end = { type: "message_delta", delta: { stop_reason: "tool_use" } };
    const messages = await collect(normaliseMessageEvents(reads(LenientMessageEventSchema, [tool, end], [end])));
    for (const batches of [chat, messages]) {
      expect(batches.flat().filter((event) => event.type === "toolCalls")).toHaveLength(1);
      expect(batches.flat().filter((event) => event.type === "finish")).toHaveLength(2);
    }
  });

  it("reads a Messages stream: blocks by their index, whole or pieced inputs, and no batch for reads without text", async () => {
    const batches = await collect(
      normaliseMessageEvents(
        reads(
          LenientMessageEventSchema,
          [{ type: "message_start", message: { usage: { input_tokens: 12, output_tokens: 1 } } }, { type: "ping" }],
          [
            { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
            { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Looking." } },
          ],
          [
            // A whole input, and one given in pieces after a start whose input is null, as some servers send.
            {
              type: "content_block_start",
              index: 1,
              content_block: { type: "tool_use", id: "toolu_1", name: "first", input: { q: 1 } },
            },
            {
              type: "content_block_start",
              index: 2,
              content_block: { type: "tool_use", id: "toolu_2", name: "second", input: null },
            },
            { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: '{"r":' } },
          ],
          [{ type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: "2}" } }],
          [
            { type: "message_delta", delta: { stop_reason: "stop_sequence", stop_sequence: "END" } },
            { type: "message_stop" },
          ],
        ),
      ),
    );
    expect(batches).toEqual([
      [{ type: "delta", text: "Looking." }],
      [
        {
          type: "toolCalls",
          calls: [
            { id: "toolu_1", name: "first", arguments: '{"q":1}', oversize: false },
            { id: "toolu_2", name: "second", arguments: '{"r":2}', oversize: false },
          ],
        },
        { type: "finish", finish: "stop_sequence", stopSequence: "END" },
      ],
    ]);
  });

  it("tells a Messages stream's usage only where the server gave it, and a finish without a delta as none", async () => {
    const batches = await collect(
      normaliseMessageEvents(
        reads(
          LenientMessageEventSchema,
          [{ type: "message_start", message: {} }],
          [{ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } }],
          [{ type: "message_delta", usage: { output_tokens: 3 } }],
        ),
      ),
    );
    expect(batches).toEqual([
      [{ type: "delta", text: "Hi" }],
      [{ type: "usage", inputTokens: null, outputTokens: 3, implausible: false }],
    ]);
  });
});

describe("whole answers without tool calls", () => {
  it("give no tool call event in either format", () => {
    const completion = LenientChatCompletionSchema.parse({
      choices: [{ message: { role: "assistant", content: "Done." }, finish_reason: "stop" }],
    });
    expect(completionEvents(completion)).toEqual([
      { type: "delta", text: "Done." },
      { type: "finish", finish: "finished", stopSequence: null },
    ]);
    const message = LenientMessageSchema.parse({
      content: [{ type: "text", text: "Done." }],
      stop_reason: "end_turn",
    });
    expect(messageEvents(message)).toEqual([
      { type: "delta", text: "Done." },
      { type: "finish", finish: "finished", stopSequence: null },
    ]);
  });

  it("leave out a Chat Completions tool call that names no function", () => {
    const completion = LenientChatCompletionSchema.parse({
      choices: [{ message: { content: "", tool_calls: [{ id: "call_a", type: "function" }] }, finish_reason: "stop" }],
    });
    expect(completionEvents(completion).map((event) => event.type)).toEqual(["delta", "finish"]);
  });

  it("take a Messages tool call's input whole, and an empty one as no arguments", () => {
    const message = LenientMessageSchema.parse({
      content: [
        { type: "text", text: "Let me see." },
        { type: "tool_use", id: "toolu_1", name: "look_up", input: { q: 1 } },
        { type: "tool_use", id: "toolu_2", name: "list_all", input: {} },
      ],
      stop_reason: "tool_use",
    });
    expect(messageEvents(message)).toContainEqual({
      type: "toolCalls",
      calls: [
        { id: "toolu_1", name: "look_up", arguments: '{"q":1}', oversize: false },
        { id: "toolu_2", name: "list_all", arguments: "{}", oversize: false },
      ],
    });
  });
});
