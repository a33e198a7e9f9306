import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LenientChatChunkSchema,
  LenientMessageEventSchema,
} from "../../../electron/services/gateway-client/lenient-schemas.ts";
import {
  normaliseChatChunks,
  normaliseMessageEvents,
  type ReplyEvent,
} from "../../../electron/services/chat/stream-normaliser.ts";
import { collect } from "../../support/async-items.ts";

/** The stream's messages cut into reads after each position in `cuts` (a network may cut them anywhere between two). */
function cutInto<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const ends = [...new Set(cuts.map((cut) => cut % (items.length + 1))), items.length].sort((a, b) => a - b);
  let start = 0;
  return ends.map((end) => {
    const read = items.slice(start, end);
    start = end;
    return read;
  });
}

async function* reads<T>(batches: readonly T[][]): AsyncGenerator<T[]> {
  for (const batch of batches) yield batch;
}

/**
 * The stream normalised as one read, one read per message and cut at `cuts`: the same events in
 * the same order each time, and never an empty batch.
 */
async function expectSameEventsHoweverCut<T>(
  normalise: (batches: AsyncIterable<readonly T[]>) => AsyncGenerator<ReplyEvent[]>,
  items: readonly T[],
  cuts: readonly number[],
): Promise<void> {
  const eventsOf = (batches: T[][]) => collect(normalise(reads(batches)));
  const [whole, single, cut] = await Promise.all([
    eventsOf([[...items]]),
    eventsOf(items.map((item) => [item])),
    eventsOf(cutInto(items, cuts)),
  ]);
  for (const batches of [whole, single, cut]) expect(batches.every((batch) => batch.length > 0)).toBe(true);
  expect(single.flat()).toEqual(whole.flat());
  expect(cut.flat()).toEqual(whole.flat());
}

const cutsOf = fc.array(fc.nat(), { maxLength: 6 });
const piece = fc.string({ maxLength: 4 });
const finishReason = fc.constantFrom("stop", "length", "tool_calls", "content_filter", null);
const chatDelta = (delta: object, finish: string | null = null) => ({ choices: [{ delta, finish_reason: finish }] });

const chatChunk = fc.oneof(
  piece.map((content) => chatDelta({ content })),
  fc.constant(chatDelta({ role: "assistant" })),
  fc
    .record({
      index: fc.nat(2),
      id: fc.option(fc.constantFrom("call_a", "call_b")),
      name: fc.option(fc.constantFrom("look_up", "add")),
      arguments: fc.option(piece),
    })
    .map(({ index, id, name, arguments: args }) =>
      chatDelta({ tool_calls: [{ index, id, function: { name, arguments: args } }] }),
    ),
  fc.record({ prompt_tokens: fc.nat(1000), completion_tokens: fc.nat(1000) }).map((usage) => ({ choices: [], usage })),
  finishReason.map((finish) => chatDelta({}, finish)),
  fc.constant({ choices: [{ delta: {} }], citations: ["https://example.com/a"] }),
);

const messageEvent = fc.oneof(
  fc.nat(1000).map((input_tokens) => ({ type: "message_start", message: { usage: { input_tokens } } })),
  piece.map((text) => ({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text } })),
  fc
    .record({
      index: fc.integer({ min: 1, max: 2 }),
      id: fc.constantFrom("toolu_a", "toolu_b"),
      input: fc.option(fc.constant({ q: 1 })),
    })
    .map(({ index, id, input }) => ({
      type: "content_block_start",
      index,
      content_block: { type: "tool_use", id, name: "look_up", input },
    })),
  fc.record({ index: fc.integer({ min: 1, max: 2 }), partial_json: piece }).map(({ index, partial_json }) => ({
    type: "content_block_delta",
    index,
    delta: { type: "input_json_delta", partial_json },
  })),
  fc
    .record({ stop_reason: fc.constantFrom("end_turn", "max_tokens", "tool_use", null), output_tokens: fc.nat(1000) })
    .map(({ stop_reason, output_tokens }) => ({
      type: "message_delta",
      delta: { stop_reason },
      usage: { output_tokens },
    })),
  fc.constant({ type: "message_stop" }),
  fc.constant({ type: "ping" }),
);

describe("the stream normaliser, however the network cuts the stream into reads (fast-check)", () => {
  it("gives Chat Completions chunks the same events in the same order, and never an empty batch", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(chatChunk, { maxLength: 24 }), cutsOf, (raw, cuts) =>
        expectSameEventsHoweverCut(
          normaliseChatChunks,
          raw.map((value) => LenientChatChunkSchema.parse(value)),
          cuts,
        ),
      ),
    );
  });

  it("gives Messages events the same events in the same order, and never an empty batch", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(messageEvent, { maxLength: 24 }), cutsOf, (raw, cuts) =>
        expectSameEventsHoweverCut(
          normaliseMessageEvents,
          raw.map((value) => LenientMessageEventSchema.parse(value)),
          cuts,
        ),
      ),
    );
  });
});
