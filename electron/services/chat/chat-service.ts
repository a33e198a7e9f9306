import {
  DEFAULT_CHAT_SETTINGS,
  type ChatMessage,
  type ChatRun,
  type ChatSettings,
  type MessageMeta,
  type MessageStatus,
} from "../../../shared/ipc/chat.ts";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { preferredModel } from "../../../shared/model-kinds.ts";
import { appError } from "../app-error.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { withRateLimitRetry } from "../gateway-client/rate-limit-retry.ts";
import { withLedgerLink } from "../budget/ledger-context.ts";
import { toIpcError } from "../error-values.ts";
import type { Page } from "../../common/pages.ts";
import { onWait } from "../scheduler/wait-notices.ts";
import type { Emit, StreamHub } from "../streams/stream-hub.ts";
import type { ProfileVault } from "../vault/profile-vault.ts";
import { carriesImages, historyOf } from "./chat-request.ts";
import type { AttachmentInput } from "../../../shared/ipc/attachments.ts";
import { acceptAttachments } from "./attachment-intake.ts";
import { imageRefusalOf, refuseKnownImageRefusal } from "./image-input-policy.ts";
import { replyEvents } from "./reply-events.ts";
import type { ConversationStore } from "./conversation-store.ts";
import { DeltaCoalescer } from "./delta-coalescer.ts";
import { ReplyJournal } from "./reply-journal.ts";
import { estimateTokens } from "./token-estimate.ts";
import type { AttachmentsOf } from "./attachment-content.ts";

const DEFAULT_SEARCH_MODEL = "web-search";
/** The longest reply kept (about a megabyte of text): an endless stream is cut here, what came is kept. */
export const MAX_REPLY_CHARS = 1_000_000;
/** Failures after part of a reply arrived that keep that part as an interrupted reply. */
const INTERRUPTING_CODES = [
  "STREAM_INCOMPLETE",
  "NETWORK_ERROR",
  "STREAM_STALLED",
  "SSE_LINE_TOO_LONG",
  "REPLY_TOO_LONG",
];

/**
 * Chat turns: persists the user's message, streams the reply through the gateway client in either
 * wire format (or web search), normalises it into one event model, coalesces deltas per frame,
 * writes the reply ahead while it streams, and settles it however it ends: complete, stopped,
 * interrupted or failed. Replies a crash left streaming become Interrupted when the service starts.
 */
export class ChatService {
  private readonly store: ConversationStore;
  private readonly streams: StreamHub;
  private readonly vault: ProfileVault;
  private readonly clientFor: (profileId: string) => GatewayClient;
  private readonly capabilitiesOf: (profileId: string) => ServerCapabilities;
  private readonly imagesRefused: (profileId: string, model: string) => void;

  constructor(
    store: ConversationStore,
    streams: StreamHub,
    vault: ProfileVault,
    clientFor: (profileId: string) => GatewayClient,
    capabilitiesOf: (profileId: string) => ServerCapabilities,
    /** A server refused images for this model: remembered, so the next ones are refused before sending. */
    imagesRefused: (profileId: string, model: string) => void = () => undefined,
  ) {
    this.store = store;
    this.streams = streams;
    this.vault = vault;
    this.clientFor = clientFor;
    this.capabilitiesOf = capabilitiesOf;
    this.imagesRefused = imagesRefused;
    store.interruptUnfinishedReplies();
  }

  /** Settings for a new conversation: the active profile's chat model, else the first its server lists. */
  defaultSettings(): ChatSettings {
    const profileId = this.vault.activeId();
    const server = profileId ? this.capabilitiesOf(profileId).models : null;
    const model = preferredModel("chat", profileId ? this.vault.modelsOf(profileId) : null, server);
    return { ...DEFAULT_CHAT_SETTINGS, model: model ?? DEFAULT_CHAT_SETTINGS.model };
  }

  send(
    page: Page,
    conversationId: string,
    content: string,
    searchWeb: boolean,
    attachments: readonly AttachmentInput[] = [],
  ): ChatRun & { userMessage: ChatMessage } {
    this.refuseMissingSearch(conversationId, searchWeb);
    const files = acceptAttachments(attachments);
    this.refuseImagesIfKnown(
      conversationId,
      searchWeb,
      files.some((file) => file.kind === "image"),
    );
    const userMessage = this.store.appendMessage({
      conversationId,
      role: "user",
      content,
      status: "complete",
      attachments: files,
    });
    return { ...this.reply(page, conversationId, searchWeb), userMessage };
  }

  /** A new version of a reply (the shown path's last when none is named), beside the earlier ones. */
  regenerate(page: Page, conversationId: string, searchWeb: boolean, messageId?: string): ChatRun {
    this.refuseMissingSearch(conversationId, searchWeb);
    this.refuseImagesIfKnown(conversationId, searchWeb, false);
    this.store.edits.regenerateFrom(conversationId, messageId);
    return this.reply(page, conversationId, searchWeb);
  }

  /** A new version of a question, answered anew; the earlier one keeps its answers. */
  edit(page: Page, conversationId: string, messageId: string, content: string, searchWeb: boolean): ChatRun {
    this.refuseMissingSearch(conversationId, searchWeb);
    this.refuseImagesIfKnown(conversationId, searchWeb, false);
    const parentId = this.store.edits.editedQuestionParent(conversationId, messageId);
    const attachments = { copiedFrom: messageId };
    this.store.appendMessage({ conversationId, role: "user", content, status: "complete", parentId, attachments });
    return this.reply(page, conversationId, searchWeb);
  }

  /** Web search asked of a server known not to offer it is refused before anything is written or sent. */
  private refuseMissingSearch(conversationId: string, searchWeb: boolean): void {
    if (!searchWeb) return;
    const profileId = this.vault.resolveId(this.store.summary(conversationId).settings.profileId ?? undefined);
    if (this.capabilitiesOf(profileId).features.search === "missing")
      throw appError("NOT_OFFERED", { path: "/v1/search/completions" });
  }

  /** Images (new, or in the conversation sent again) for a model known not to take them are refused up front. */
  private refuseImagesIfKnown(conversationId: string, searchWeb: boolean, newImages: boolean): void {
    if (searchWeb) return;
    const { settings } = this.store.summary(conversationId);
    const profileId = this.vault.resolveId(settings.profileId ?? undefined);
    const sendsImages = newImages || carriesImages(this.store.messages(conversationId));
    refuseKnownImageRefusal(this.capabilitiesOf(profileId), settings.model, sendsImages);
  }

  private reply(page: Page, conversationId: string, searchWeb: boolean): ChatRun {
    const { conversation, messages } = this.store.detail(conversationId);
    const profileId = this.vault.resolveId(conversation.settings.profileId ?? undefined);
    // A conversation that follows the active profile keeps only what that profile's server offers.
    const features = this.capabilitiesOf(profileId).features;
    const settings: ChatSettings =
      features.messages === "missing"
        ? { ...conversation.settings, wireFormat: "chat-completions" }
        : conversation.settings;
    const assistantMessageId = crypto.randomUUID();
    const streamId = this.streams.open(page, (emit, signal) =>
      withLedgerLink({ conversationId, messageId: assistantMessageId }, () =>
        this.produce(emit, signal, {
          conversationId,
          assistantMessageId,
          settings,
          profileId,
          messages,
          searchWeb,
          attachmentsOf: (messageId) => this.store.attachments.loaded(messageId),
        }),
      ),
    );
    return { streamId, assistantMessageId };
  }

  private async produce(
    emit: Emit,
    signal: AbortSignal,
    run: {
      conversationId: string;
      assistantMessageId: string;
      settings: ChatSettings;
      profileId: string;
      messages: ChatMessage[];
      searchWeb: boolean;
      attachmentsOf: AttachmentsOf;
    },
  ): Promise<void> {
    const { settings, searchWeb } = run;
    const searchModel = this.vault.modelsOf(run.profileId)?.search[0];
    const meta: MessageMeta = {
      model: searchWeb ? (searchModel ?? DEFAULT_SEARCH_MODEL) : settings.model,
      wireFormat: settings.wireFormat,
      searched: searchWeb,
      finish: null,
      stopSequence: null,
      inputTokens: null,
      outputTokens: null,
      ttftMs: null,
      totalMs: null,
      requestId: null,
      sources: [],
    };
    const started = performance.now();
    const journal = new ReplyJournal(
      this.store,
      { id: run.assistantMessageId, conversationId: run.conversationId, parentId: run.messages.at(-1)?.id ?? null },
      meta,
    );
    let status: Exclude<MessageStatus, "streaming"> = "complete";
    let error: IpcError | null = null;
    const coalescer = new DeltaCoalescer((delta) => emit({ kind: "delta", data: { text: delta } }));
    const waitUntil = (until: number) => emit({ kind: "waiting", data: { until: new Date(until).toISOString() } });
    onWait(signal, waitUntil);

    try {
      // Inside the try: a profile whose key is missing or unreadable ends the reply with its error, like any failure.
      const client = this.clientFor(run.profileId);
      await withRateLimitRetry(
        async () => {
          for await (const event of replyEvents(
            client,
            run,
            meta.model,
            signal,
            (requestId) => (meta.requestId = requestId),
          )) {
            switch (event.type) {
              case "delta": {
                meta.ttftMs ??= Math.round(performance.now() - started);
                const fits = event.text.slice(0, MAX_REPLY_CHARS - journal.text.length);
                // The window first: the journal's first write (a new row) would otherwise delay the first text.
                coalescer.push(fits);
                journal.append(fits);
                if (fits.length < event.text.length) throw replyTooLong();
                break;
              }
              case "usage":
                meta.inputTokens = event.inputTokens ?? meta.inputTokens;
                meta.outputTokens = event.outputTokens ?? meta.outputTokens;
                if (event.implausible) meta.tokensImplausible = true;
                coalescer.flush();
                emit({ kind: "usage", data: { inputTokens: meta.inputTokens, outputTokens: meta.outputTokens } });
                break;
              case "citations":
                meta.sources = event.sources;
                emit({ kind: "citations", data: { sources: event.sources } });
                break;
              case "finish":
                meta.finish = event.finish;
                meta.stopSequence = event.stopSequence;
                break;
            }
          }
        },
        {
          signal,
          // Once part of the reply has arrived, a resend would start it over; a stopped reply stays stopped.
          mayRetry: () => journal.text === "" && !signal.aborted,
          onWait: ({ error: refusal, seconds, until }) => {
            if (refusal.requestId) meta.requestId = refusal.requestId;
            emit({ kind: "error", data: { ...refusal.toIpcError(), retryAfter: seconds, retrying: true } });
            waitUntil(until);
          },
        },
      );
    } catch (caught) {
      coalescer.flush();
      const failure = caught instanceof GatewayError ? caught : null;
      if (failure?.requestId) meta.requestId = failure.requestId;
      if (signal.aborted || failure?.code === "ABORTED") {
        status = "stopped";
      } else {
        status = journal.text !== "" && INTERRUPTING_CODES.includes(failure?.code ?? "") ? "interrupted" : "error";
        const sentImages = !searchWeb && carriesImages(run.messages);
        const refusal = imageRefusalOf(caught, sentImages, meta.model);
        if (refusal) this.imagesRefused(run.profileId, meta.model);
        error = refusal ?? toIpcError(caught);
        emit({ kind: "error", data: { ...error, retrying: false } });
      }
    }
    coalescer.flush();
    meta.totalMs = Math.round(performance.now() - started);
    if (meta.outputTokens === null && journal.text !== "") {
      const prompt = [{ content: settings.systemPrompt }, ...historyOf(run.messages, run.attachmentsOf)];
      Object.assign(meta, await estimateTokens(prompt, journal.text), { tokensEstimated: true });
    }
    emit({ kind: "done", data: { message: journal.finish({ status, error }) } });
  }
}

function replyTooLong(): GatewayError {
  return new GatewayError({ code: "REPLY_TOO_LONG", text: codedText("REPLY_TOO_LONG", { count: MAX_REPLY_CHARS }) });
}
