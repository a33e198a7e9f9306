import type { ChatSettings } from "../../../shared/ipc/chat.ts";
import type { Turn } from "./conversation-rows.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import type { AttachmentsOf } from "./attachment-content.ts";
import type { OfferedTool } from "./tool-box.ts";
import { chatCompletionsRequest, historyOf, messagesRequest } from "./chat-request.ts";
import {
  completionEvents,
  messageEvents,
  normaliseChatChunks,
  normaliseMessageEvents,
  type ReplyEvent,
} from "./stream-normaliser.ts";

/**
 * A reply's events from the server, whichever endpoint the settings (or web search) call for,
 * streamed or not, a network read's worth at a time (a whole answer is one batch).
 */
export async function* replyEvents(
  client: GatewayClient,
  run: {
    settings: ChatSettings;
    messages: readonly Turn[];
    searchWeb: boolean;
    attachmentsOf: AttachmentsOf;
    /** The tools offered (none for web search). */
    tools?: readonly OfferedTool[];
  },
  model: string,
  signal: AbortSignal,
  onRequestId: (requestId: string | null) => void,
): AsyncGenerator<readonly ReplyEvent[]> {
  const { settings, messages, attachmentsOf, tools = [] } = run;
  if (run.searchWeb) {
    const system = settings.systemPrompt.trim() ? [{ role: "system" as const, content: settings.systemPrompt }] : [];
    const request = { model, messages: [...system, ...historyOf(messages, attachmentsOf)] };
    if (!settings.stream) {
      const { data, meta } = await client.searchCompletion(request, signal);
      onRequestId(meta.requestId);
      yield completionEvents(data);
      return;
    }
    const stream = await client.streamSearchCompletion(request, signal);
    onRequestId(stream.meta.requestId);
    yield* normaliseChatChunks(stream.batches);
    return;
  }
  if (settings.wireFormat === "messages") {
    const request = messagesRequest(settings, messages, attachmentsOf, tools);
    if (!settings.stream) {
      const { data, meta } = await client.messages(request, signal);
      onRequestId(meta.requestId);
      yield messageEvents(data);
      return;
    }
    const stream = await client.streamMessages(request, signal);
    onRequestId(stream.meta.requestId);
    yield* normaliseMessageEvents(stream.batches);
    return;
  }
  const request = chatCompletionsRequest(settings, messages, attachmentsOf, tools);
  if (!settings.stream) {
    const { data, meta } = await client.chatCompletion(request, signal);
    onRequestId(meta.requestId);
    yield completionEvents(data);
    return;
  }
  const stream = await client.streamChatCompletion(request, signal);
  onRequestId(stream.meta.requestId);
  yield* normaliseChatChunks(stream.batches);
}
