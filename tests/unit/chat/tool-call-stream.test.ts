import { collectBatched, oneByOne } from "../../support/async-items.ts";
import fc from "fast-check";
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
  type ReplyEvent,
} from "../../../electron/services/chat/stream-normaliser.ts";
import { TOOL_ARGUMENTS_MAX_CHARS, TOOL_CALLS_MAX } from "../../../electron/services/chat/tool-call-assembler.ts";

async function* parsed<T>(schema: { parse(value: unknown): T }, values: readonly unknown[]): AsyncGenerator<T> {
  for (const value of values) yield schema.parse(value);
}

const callsOf = (events: ReplyEvent[]) => events.find((event) => event.type === "toolCalls")?.calls ?? [];

/** A text cut into pieces at the given fractions: how a stream may send it. */
function pieces(text: string, cuts: readonly number[]): string[] {
  const at = [...new Set(cuts.map((cut) => Math.floor(cut * text.length)))].sort((a, b) => a - b);
  return [0, ...at, text.length].slice(1).map((end, index, ends) => text.slice(index === 0 ? 0 : ends[index - 1], end));
}

const CALL = fc.record({
  name: fc.stringMatching(/^[a-z_]{1,20}$/),
  args: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
});

describe("tool calls a model asks for, in each wire format", () => {
  it("are put together whole from a Chat Completions stream, whatever pieces their arguments come in", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(CALL, { minLength: 1, maxLength: 3 }), async (calls) => {
        const chunks = calls.flatMap((call, index) => [
          {
            choices: [
              {
                delta: { tool_calls: [{ index, id: `call_${index}x`, function: { name: call.name, arguments: "" } }] },
              },
            ],
          },
          ...pieces(JSON.stringify(call.args), call.cuts).map((piece) => ({
            choices: [{ delta: { tool_calls: [{ index, function: { arguments: piece } }] } }],
          })),
        ]);
        chunks.push({ choices: [{ delta: {}, finish_reason: "tool_calls" }] } as never);
        const events = await collectBatched(normaliseChatChunks(oneByOne(parsed(LenientChatChunkSchema, chunks))));
        expect(callsOf(events).map((call) => ({ name: call.name, args: JSON.parse(call.arguments) }))).toEqual(
          calls.map((call) => ({ name: call.name, args: call.args })),
        );
        expect(callsOf(events).map((call) => call.id)).toEqual(calls.map((_, index) => `call_${index}x`));
        expect(events.at(-1)).toMatchObject({ type: "finish" });
      }),
      { seed: 47, numRuns: 150 },
    );
  });

  it("are put together whole from a Messages stream's input_json_delta pieces", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(CALL, { minLength: 1, maxLength: 3 }), async (calls) => {
        const events = calls.flatMap((call, position) => {
          const index = position + 1;
          return [
            {
              type: "content_block_start",
              index,
              content_block: { type: "tool_use", id: `toolu_${index}`, name: call.name, input: {} },
            },
            ...pieces(JSON.stringify(call.args), call.cuts).map((piece) => ({
              type: "content_block_delta",
              index,
              delta: { type: "input_json_delta", partial_json: piece },
            })),
            { type: "content_block_stop", index },
          ];
        });
        const all = [
          { type: "message_start", message: { usage: { input_tokens: 5, output_tokens: 0 } } },
          { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
          { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Let me look." } },
          ...events,
          { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } },
          { type: "message_stop" },
        ];
        const out = await collectBatched(normaliseMessageEvents(oneByOne(parsed(LenientMessageEventSchema, all))));
        expect(
          callsOf(out).map((call) => ({ id: call.id, name: call.name, args: JSON.parse(call.arguments) })),
        ).toEqual(calls.map((call, position) => ({ id: `toolu_${position + 1}`, name: call.name, args: call.args })));
        expect(out.filter((event) => event.type === "delta")).toEqual([{ type: "delta", text: "Let me look." }]);
      }),
      { seed: 47, numRuns: 150 },
    );
  });

  it("are read from whole answers in both formats", () => {
    const completion = LenientChatCompletionSchema.parse({
      choices: [
        {
          message: {
            content: null,
            tool_calls: [{ id: "call_1", type: "function", function: { name: "add", arguments: '{"a":1}' } }],
          },
          finish_reason: "tool_calls",
        },
      ],
    });
    expect(callsOf(completionEvents(completion))).toEqual([
      { id: "call_1", name: "add", arguments: '{"a":1}', oversize: false },
    ]);
    const message = LenientMessageSchema.parse({
      content: [
        { type: "text", text: "Adding." },
        { type: "tool_use", id: "toolu_9", name: "add", input: { a: 1, b: 2 } },
      ],
      stop_reason: "tool_use",
    });
    const events = messageEvents(message);
    expect(callsOf(events)).toEqual([{ id: "toolu_9", name: "add", arguments: '{"a":1,"b":2}', oversize: false }]);
    expect(events[0]).toEqual({ type: "delta", text: "Adding." });
  });

  it("are bounded: at most TOOL_CALLS_MAX calls, and arguments past their bound are not kept", async () => {
    const many = Array.from({ length: TOOL_CALLS_MAX + 4 }, (_, index) => ({
      choices: [{ delta: { tool_calls: [{ index, id: `c${index}`, function: { name: "echo", arguments: "{}" } }] } }],
    }));
    const huge = {
      choices: [
        { delta: { tool_calls: [{ index: 0, function: { arguments: "x".repeat(TOOL_ARGUMENTS_MAX_CHARS) } }] } },
      ],
    };
    const events = await collectBatched(normaliseChatChunks(oneByOne(parsed(LenientChatChunkSchema, [...many, huge]))));
    const calls = callsOf(events);
    expect(calls).toHaveLength(TOOL_CALLS_MAX);
    expect(calls[0]).toMatchObject({ id: "c0", oversize: true, arguments: "" });
    expect(calls[1]).toMatchObject({ oversize: false, arguments: "{}" });
  });

  it("keep the id and name a call was first given, as servers that repeat them on every piece send them", async () => {
    const piece = (id: string, name: string, args: string) => ({
      choices: [{ delta: { tool_calls: [{ index: 0, id, function: { name, arguments: args } }] } }],
    });
    const chunks = [piece("call_first", "echo", '{"text":'), piece("call_other", "add", '"hi"}'), piece("", "", "")];
    const calls = callsOf(await collectBatched(normaliseChatChunks(oneByOne(parsed(LenientChatChunkSchema, chunks)))));
    expect(calls).toEqual([{ id: "call_first", name: "echo", arguments: '{"text":"hi"}', oversize: false }]);
  });

  it("a reply without tool calls has no tool call event", async () => {
    const events = await collectBatched(
      normaliseChatChunks(
        oneByOne(parsed(LenientChatChunkSchema, [{ choices: [{ delta: { content: "Hi" }, finish_reason: "stop" }] }])),
      ),
    );
    expect(events.map((event) => event.type)).toEqual(["delta", "finish"]);
  });
});
