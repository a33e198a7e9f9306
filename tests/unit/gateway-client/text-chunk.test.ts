import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LenientChatChunkSchema,
  type LenientChatChunk,
} from "../../../electron/services/gateway-client/lenient-schemas.ts";
import { textChunk } from "../../../electron/services/gateway-client/text-chunk.ts";

/** What the reply reads of a chunk (stream-normaliser.ts): its one choice's text, tool calls and finish, usage, sources. */
const readOf = (chunk: LenientChatChunk) => ({
  choices: chunk.choices?.length,
  content: chunk.choices?.[0]?.delta?.content,
  toolCalls: chunk.choices?.[0]?.delta?.tool_calls,
  finish: chunk.choices?.[0]?.finish_reason,
  usage: chunk.usage,
  citations: chunk.citations,
  searchResults: chunk.search_results,
});

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const anyValue = fc.oneof(fc.string(), fc.integer(), fc.constant(null), fc.array(fc.record({ type: fc.string() })));
const chunks = fc.record(
  {
    id: fc.string(),
    choices: fc.oneof(
      anyValue,
      fc.array(
        fc.record(
          {
            index: fc.integer(),
            delta: fc.oneof(
              anyValue,
              fc.record(
                { role: fc.string(), content: maybe(anyValue), tool_calls: fc.constant([{ index: 0, id: "c" }]) },
                { requiredKeys: [] },
              ),
            ),
            finish_reason: maybe(anyValue),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 2 },
      ),
    ),
    usage: fc.record({ prompt_tokens: fc.integer(), completion_tokens: fc.integer() }),
    citations: fc.array(fc.string()),
  },
  { requiredKeys: [] },
);

/** Chunks shaped like a text chunk, each part of any type. */
const textLike = fc.record({
  id: fc.string(),
  choices: fc.tuple(
    fc.record({ index: fc.integer(), delta: fc.record({ content: anyValue }), finish_reason: maybe(anyValue) }),
  ),
});

describe("the plain text chunk of a reply", () => {
  it("is read as the lenient schema reads it, and any other chunk is left to the schema (fast-check)", () => {
    fc.assert(
      fc.property(fc.oneof(textLike, chunks), (data) => {
        const read = textChunk(data);
        if (read === null) return;
        expect(readOf(read)).toEqual(readOf(LenientChatChunkSchema.parse(data)));
      }),
      { numRuns: 2000 },
    );
  });

  it("reads the chunks a gateway streams text in, and leaves the last one (usage) to the schema", () => {
    const chunk = { id: "c", object: "chat.completion.chunk", created: 0, model: "chat-fast" };
    const text = { ...chunk, choices: [{ index: 0, delta: { content: "Hello" }, finish_reason: null }] };
    expect(textChunk(text)).toEqual({ choices: [{ delta: { content: "Hello" }, finish_reason: null }] });
    const last = { ...chunk, choices: [{ index: 0, delta: {}, finish_reason: "stop" }], usage: { prompt_tokens: 1 } };
    expect(textChunk(last)).toBeNull();
  });
});
