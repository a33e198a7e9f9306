import type { ChatCompletion, ChatCompletionChunk } from "../../../shared/gateway-api/chat-completions.ts";
import type { Message, MessageStreamEvent } from "../../../shared/gateway-api/messages.ts";
import type { SearchCompletionChunk, SearchResult } from "../../../shared/gateway-api/search-completions.ts";
import type { Finish } from "../../../shared/ipc/chat.ts";

/** One event model for every wire format: the window never learns which one produced a delta. */
export type ReplyEvent =
  | { readonly type: "delta"; readonly text: string }
  | { readonly type: "usage"; readonly inputTokens: number | null; readonly outputTokens: number | null }
  | { readonly type: "citations"; readonly sources: SearchResult[] }
  | { readonly type: "finish"; readonly finish: Finish; readonly stopSequence: string | null };

/** `stop`/`end_turn` → finished, `length`/`max_tokens` → cut at max tokens, a stop sequence → matched. */
export function finishOf(reason: string | null | undefined): Finish | null {
  switch (reason) {
    case "stop":
    case "end_turn":
      return "finished";
    case "length":
    case "max_tokens":
      return "max_tokens";
    case "stop_sequence":
      return "stop_sequence";
    default:
      return null;
  }
}

/** Sources of a search answer: `search_results`, or bare `citations` URLs when that is all there is. */
function sourcesOf(chunk: {
  citations?: string[] | undefined;
  search_results?: SearchResult[] | undefined;
}): SearchResult[] | null {
  if (chunk.search_results && chunk.search_results.length > 0) return chunk.search_results;
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

export async function* normaliseChatChunks(
  chunks: AsyncIterable<ChatCompletionChunk | SearchCompletionChunk>,
): AsyncGenerator<ReplyEvent> {
  let sourcesSent = false;
  for await (const chunk of chunks) {
    const sources = sourcesSent ? null : sourcesOf(chunk as SearchCompletionChunk);
    if (sources) {
      sourcesSent = true;
      yield { type: "citations", sources };
    }
    const choice = chunk.choices[0];
    if (choice?.delta.content) yield { type: "delta", text: choice.delta.content };
    if (chunk.usage) {
      yield { type: "usage", inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
    }
    const finish = finishOf(choice?.finish_reason);
    if (finish) yield { type: "finish", finish, stopSequence: null };
  }
}

export async function* normaliseMessageEvents(events: AsyncIterable<MessageStreamEvent>): AsyncGenerator<ReplyEvent> {
  let inputTokens: number | null = null;
  for await (const event of events) {
    switch (event.type) {
      case "message_start":
        inputTokens = event.message.usage.input_tokens;
        break;
      case "content_block_delta":
        if (event.delta.text) yield { type: "delta", text: event.delta.text };
        break;
      case "message_delta": {
        yield { type: "usage", inputTokens, outputTokens: event.usage.output_tokens };
        const finish = finishOf(event.delta.stop_reason);
        if (finish) yield { type: "finish", finish, stopSequence: event.delta.stop_sequence ?? null };
        break;
      }
      default:
        break;
    }
  }
}

/** A whole (non-streamed) answer as the same events. */
export function completionEvents(
  answer: ChatCompletion & { citations?: string[]; search_results?: SearchResult[] },
): ReplyEvent[] {
  const sources = sourcesOf(answer);
  const choice = answer.choices[0];
  const finish = finishOf(choice?.finish_reason);
  return [
    ...(sources ? [{ type: "citations" as const, sources }] : []),
    { type: "delta", text: choice?.message.content ?? "" },
    { type: "usage", inputTokens: answer.usage.prompt_tokens, outputTokens: answer.usage.completion_tokens },
    ...(finish ? [{ type: "finish" as const, finish, stopSequence: null }] : []),
  ];
}

export function messageEvents(message: Message): ReplyEvent[] {
  const finish = finishOf(message.stop_reason);
  return [
    { type: "delta", text: message.content.map((block) => block.text).join("") },
    { type: "usage", inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
    ...(finish ? [{ type: "finish" as const, finish, stopSequence: message.stop_sequence }] : []),
  ];
}
