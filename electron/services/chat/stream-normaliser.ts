import type { SearchResult } from "../../../shared/gateway-api/search-completions.ts";
import type { Finish } from "../../../shared/ipc/chat.ts";
import {
  textOf,
  type LenientChatChunk,
  type LenientChatCompletion,
  type LenientMessage,
  type LenientMessageEvent,
} from "../gateway-client/lenient-schemas.ts";
import { ToolCallAssembler, type ToolCall } from "./tool-call-assembler.ts";

/** One event model for every wire format: the window never learns which one produced a delta. */
export type ReplyEvent =
  | { readonly type: "delta"; readonly text: string }
  | {
      readonly type: "usage";
      readonly inputTokens: number | null;
      readonly outputTokens: number | null;
      /** The server sent a count that cannot be (negative, fractional, beyond 10⁸): it was dropped. */
      readonly implausible: boolean;
    }
  | { readonly type: "citations"; readonly sources: SearchResult[] }
  /** The round's tool calls, whole, before its finish: the model waits for their results. */
  | { readonly type: "toolCalls"; readonly calls: readonly ToolCall[] }
  | { readonly type: "finish"; readonly finish: Finish; readonly stopSequence: string | null };

/**
 * `stop`/`end_turn` → finished, `length`/`max_tokens` → cut at max tokens, a stop sequence →
 * matched; any other reason a server gives (`content_filter`, `tool_calls`…) ended the answer too.
 */
export function finishOf(reason: string | null | undefined): Finish | null {
  switch (reason) {
    case null:
    case undefined:
    case "":
      return null;
    case "length":
    case "max_tokens":
      return "max_tokens";
    case "stop_sequence":
      return "stop_sequence";
    default:
      return "finished";
  }
}

/** Sources of a search answer: `search_results`, or bare `citations` URLs when that is all there is. */
function sourcesOf(chunk: Pick<LenientChatChunk, "citations" | "search_results">): SearchResult[] | null {
  if (chunk.search_results && chunk.search_results.length > 0) {
    return chunk.search_results.map((result) => ({
      url: result.url,
      title: result.title || hostOf(result.url),
      snippet: result.snippet ?? "",
    }));
  }
  if (chunk.citations && chunk.citations.length > 0) {
    return chunk.citations.map((url) => ({ title: hostOf(url), url, snippet: "" }));
  }
  return null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Chat Completions chunks as reply events, a read's worth at a time: each batch of chunks gives
 * one batch of events (none when its chunks carry nothing, such as a role alone).
 */
export async function* normaliseChatChunks(
  batches: AsyncIterable<readonly LenientChatChunk[]>,
): AsyncGenerator<ReplyEvent[]> {
  let sourcesSent = false;
  const tools = new ToolCallAssembler();
  let toolsSent = false;
  for await (const chunks of batches) {
    const events: ReplyEvent[] = [];
    for (const chunk of chunks) {
      const sources = sourcesSent ? null : sourcesOf(chunk);
      if (sources) {
        sourcesSent = true;
        events.push({ type: "citations", sources });
      }
      const choice = chunk.choices?.[0];
      const text = textOf(choice?.delta?.content);
      if (text) events.push({ type: "delta", text });
      const toolCalls = choice?.delta?.tool_calls;
      if (toolCalls) {
        for (const [position, call] of toolCalls.entries()) {
          const index = call.index ?? position;
          tools.started(index, call.id, call.function?.name);
          tools.appended(index, call.function?.arguments);
        }
      }
      if (chunk.usage) events.push(usageOf(chunk.usage.prompt_tokens, chunk.usage.completion_tokens));
      const finish = finishOf(choice?.finish_reason);
      if (finish) {
        if (!toolsSent) events.push(...toolCallsOf(tools));
        toolsSent = true;
        events.push({ type: "finish", finish, stopSequence: null });
      }
    }
    if (events.length > 0) yield events;
  }
  const last = toolsSent ? [] : toolCallsOf(tools);
  if (last.length > 0) yield last;
}

/** The round's tool calls as one event, when it has any. */
function toolCallsOf(tools: ToolCallAssembler): ReplyEvent[] {
  const calls = tools.done();
  return calls.length > 0 ? [{ type: "toolCalls", calls }] : [];
}

/** A tool call's input given whole (an answer, or a block that starts with it), as argument text. */
const inputText = (input: unknown): string | null =>
  input !== null && typeof input === "object" && Object.keys(input).length > 0 ? JSON.stringify(input) : null;

/** A count the lenient schemas refused is NaN: it is dropped, and said to be impossible. */
function usageOf(input: number | null | undefined, output: number | null | undefined): ReplyEvent {
  const plausible = (count: number | null | undefined) => (count == null || Number.isNaN(count) ? null : count);
  return {
    type: "usage",
    inputTokens: plausible(input),
    outputTokens: plausible(output),
    implausible: Number.isNaN(input) || Number.isNaN(output),
  };
}

/** Messages-format stream events as reply events, a read's worth at a time (see normaliseChatChunks). */
export async function* normaliseMessageEvents(
  batches: AsyncIterable<readonly LenientMessageEvent[]>,
): AsyncGenerator<ReplyEvent[]> {
  let inputTokens: number | null = null;
  const tools = new ToolCallAssembler();
  let toolsSent = false;
  for await (const batch of batches) {
    const events: ReplyEvent[] = [];
    for (const event of batch) {
      switch (event.type) {
        case "message_start":
          inputTokens = event.message?.usage?.input_tokens ?? null;
          break;
        case "content_block_start":
          if (event.content_block.type === "tool_use") {
            tools.started(event.index ?? 0, event.content_block.id, event.content_block.name);
            tools.appended(event.index ?? 0, inputText(event.content_block.input));
          }
          break;
        case "content_block_delta":
          if (event.delta.text) events.push({ type: "delta", text: event.delta.text });
          if (event.delta.type === "input_json_delta") tools.appended(event.index ?? 0, event.delta.partial_json);
          break;
        case "message_delta": {
          if (event.usage) events.push(usageOf(inputTokens, event.usage.output_tokens));
          const finish = finishOf(event.delta?.stop_reason);
          if (finish) {
            if (!toolsSent) events.push(...toolCallsOf(tools));
            toolsSent = true;
            events.push({ type: "finish", finish, stopSequence: event.delta?.stop_sequence ?? null });
          }
          break;
        }
        default:
          break;
      }
    }
    if (events.length > 0) yield events;
  }
  const last = toolsSent ? [] : toolCallsOf(tools);
  if (last.length > 0) yield last;
}

/** A whole (non-streamed) answer as the same events. */
export function completionEvents(answer: LenientChatCompletion): ReplyEvent[] {
  const sources = sourcesOf(answer);
  const choice = answer.choices[0];
  const finish = finishOf(choice?.finish_reason);
  const tools = new ToolCallAssembler();
  for (const [index, call] of (choice?.message?.tool_calls ?? []).entries()) {
    tools.started(index, call.id, call.function?.name);
    tools.appended(index, call.function?.arguments);
  }
  return [
    ...(sources ? [{ type: "citations" as const, sources }] : []),
    { type: "delta", text: textOf(choice?.message?.content) },
    ...(answer.usage ? [usageOf(answer.usage.prompt_tokens, answer.usage.completion_tokens)] : []),
    ...toolCallsOf(tools),
    ...(finish ? [{ type: "finish" as const, finish, stopSequence: null }] : []),
  ];
}

export function messageEvents(message: LenientMessage): ReplyEvent[] {
  const finish = finishOf(message.stop_reason);
  const tools = new ToolCallAssembler();
  // Some servers answer with the text alone as the content, as Chat Completions does.
  const blocks = Array.isArray(message.content) ? message.content : [];
  for (const [index, block] of blocks.entries()) {
    if (block.type !== "tool_use") continue;
    tools.started(index, block.id, block.name);
    tools.appended(index, inputText(block.input) ?? "{}");
  }
  return [
    { type: "delta", text: textOf(message.content) },
    ...(message.usage ? [usageOf(message.usage.input_tokens, message.usage.output_tokens)] : []),
    ...toolCallsOf(tools),
    ...(finish ? [{ type: "finish" as const, finish, stopSequence: message.stop_sequence ?? null }] : []),
  ];
}
