/** The reply producer over real stores with a fake gateway client, for the reply-producer tests. */
import { DocumentReader } from "../../../electron/services/documents/document-reader.ts";
import { join } from "node:path";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import { DEFAULT_CHAT_SETTINGS, type ChatSettings, type ChatStreamData } from "../../../shared/ipc/chat.ts";
import type { StreamEvent } from "../../../shared/ipc/streams.ts";
import { ChatService } from "../../../electron/services/chat/chat-service.ts";
import { ConversationStore } from "../../../electron/services/chat/conversation-store.ts";
import { ReplyProducer } from "../../../electron/services/chat/reply-producer.ts";
import type { GatewayClient } from "../../../electron/services/gateway-client/gateway-client.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";
import { currentLedgerScope } from "../../../electron/services/ledger/ledger-context.ts";
import { openAppDatabase } from "../../../electron/services/store/app-database.ts";
import { StreamHub } from "../../../electron/services/streams/stream-hub.ts";
import { oneByOne } from "../../support/async-items.ts";
import { recordingPage } from "../../support/fake-page.ts";
import { tempDir, waitUntil } from "../../support/local-gateway.ts";
import { workVault } from "../../support/work-vault.ts";
import { uncheckedServer } from "../../support/unchecked-server.ts";

export const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex").toString("base64");

/** One request the fake server received, and what it was linked to in the ledger while it was made. */
export interface Call {
  readonly endpoint: string;
  readonly request: Record<string, unknown>;
  readonly link: object | null;
}

/** What the fake server does with one request: a stream of chunks (or a whole answer), or a refusal thrown. */
export type Answer = (call: Call, signal: AbortSignal) => AsyncIterable<object> | object;

export const META = { status: 200, requestId: "req_stream", rateLimit: null, tokenLimit: null, rateLimitResetMs: null };

/** A chat-completions chunk carrying text, usage, a finish reason or sources. */
export const text = (content: string) => ({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
export const usage = (prompt_tokens: number | undefined, completion_tokens: number | undefined) => ({
  choices: [],
  usage: { prompt_tokens, completion_tokens },
});
export const finish = (finish_reason: string) => ({ choices: [{ index: 0, delta: {}, finish_reason }] });

export async function* chunks(...items: object[]): AsyncGenerator<object> {
  for (const item of items) yield item;
}

/** Chunks, then the stream fails with `error`. */
export async function* failingAfter(error: Error, ...items: object[]): AsyncGenerator<object> {
  yield* chunks(...items);
  throw error;
}

export const gatewayError = (code: string, extra: { status?: number; requestId?: string; retryAfter?: number } = {}) =>
  new GatewayError({ code, message: `failed: ${code}`, ...extra });

/**
 * A reply producer over a real conversation store, stream hub and vault, whose gateway client is a
 * fake answering each request with `answer`; every request is recorded.
 */
export function replies(
  answer: Answer,
  options: {
    capabilities?: Partial<ServerCapabilities>;
    /** The profile's search models; null: the profile lists no models at all. */
    searchModels?: string[] | null;
    /** Why no client can be made for the profile (its key is missing or unreadable). */
    clientFails?: Error;
  } = {},
) {
  const { capabilities = {}, searchModels = [], clientFails } = options;
  const db = openAppDatabase(join(tempDir("reply-producer-"), "app.sqlite"));
  const store = new ConversationStore(db);
  const { vault, profile } = workVault(
    searchModels ? { chat: ["chat-fast"], search: searchModels, image: [], video: [] } : undefined,
  );
  const clientsMade: string[] = [];
  const calls: Call[] = [];
  const respond = (endpoint: string, streamed: boolean) => async (request: object, signal: AbortSignal) => {
    const call = { endpoint, request: request as Record<string, unknown>, link: currentLedgerScope()?.link ?? null };
    calls.push(call);
    const answered = answer(call, signal);
    return streamed
      ? { meta: META, batches: oneByOne(answered as AsyncIterable<object>) }
      : { meta: META, data: answered };
  };
  const client = {
    streamChatCompletion: respond("/v1/chat/completions", true),
    chatCompletion: respond("/v1/chat/completions", false),
    streamMessages: respond("/v1/messages", true),
    messages: respond("/v1/messages", false),
    streamSearchCompletion: respond("/v1/search/completions", true),
    searchCompletion: respond("/v1/search/completions", false),
  } as unknown as GatewayClient;
  const server = uncheckedServer(profile.id, capabilities);
  const refused: { profileId: string; model: string }[] = [];
  const streams = new StreamHub();
  const producer = new ReplyProducer(
    store,
    streams,
    vault,
    (profileId) => {
      clientsMade.push(profileId);
      if (clientFails) throw clientFails;
      return client;
    },
    () => server,
    (profileId, model) => refused.push({ profileId, model }),
  );
  const chat = new ChatService(store, vault, () => server, producer, new DocumentReader());
  const { page, received } = recordingPage();

  let latest: string | null = null;

  /** Asks `question` in a new conversation with these settings; `finished()` resolves once its reply is done. */
  async function start(
    question: string,
    options: { settings?: Partial<ChatSettings>; searchWeb?: boolean; images?: boolean } = {},
  ) {
    const conversation = store.create({ ...DEFAULT_CHAT_SETTINGS, model: "chat-fast", ...options.settings });
    const files = options.images ? [{ name: "a.png", data: PNG }] : [];
    const run = await chat.send(page, conversation.id, question, options.searchWeb ?? false, files);
    latest = run.streamId;
    const eventsNow = () =>
      received.map((entry) => entry.payload as StreamEvent).filter((event) => event.streamId === run.streamId);
    const finished = async () => {
      const events = await waitUntil(
        async () => eventsNow(),
        (list) => list.some((event) => event.kind === "done"),
      );
      const done = (events.at(-1)!.data as ChatStreamData["done"]).message;
      const stored = store.detail(conversation.id).messages.find((message) => message.id === run.assistantMessageId);
      return { events, done, stored, run, conversationId: conversation.id };
    };
    return { run, eventsNow, finished };
  }

  const ask = async (question: string, options?: Parameters<typeof start>[1]) =>
    (await start(question, options)).finished();
  /** The user stops the reply asked last. */
  const stopLatest = () => streams.cancel(latest!, page.id);

  return { ask, start, stopLatest, calls, refused, store, profile, vault, clientsMade };
}

export const deltasOf = (events: StreamEvent[]) =>
  events
    .filter((event) => event.kind === "delta")
    .map((event) => (event.data as { text: string }).text)
    .join("");

export const kindsOf = (events: StreamEvent[]) => events.map((event) => event.kind);
