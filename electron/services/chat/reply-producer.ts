import { type ChatSettings, type MessageMeta, type MessageStatus } from "../../../shared/ipc/chat.ts";
import type { AssistantDocument } from "../../../shared/ipc/assistants.ts";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { withLedgerLink } from "../ledger/ledger-context.ts";
import { appError } from "../app-error.ts";
import { toIpcError } from "../error-values.ts";
import type { GatewayClient } from "../gateway-client/gateway-client.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import type { Page } from "../../common/pages.ts";
import { onWait } from "../scheduler/wait-notices.ts";
import type { Emit, StreamHub } from "../streams/stream-hub.ts";
import type { ProfileVault } from "../vault/profile-vault.ts";
import type { AttachmentsOf } from "./attachment-content.ts";
import { carriesImages, historyOf } from "./chat-request.ts";
import { withAssistantDocuments } from "./assistant-documents.ts";
import { imageRefusalOf } from "./image-input-policy.ts";
import type { Tooling } from "./tool-turn.ts";
import { replyRounds } from "./reply-rounds.ts";
import type { Turn } from "./conversation-rows.ts";
import type { ConversationStore } from "./conversation-store.ts";
import { DeltaCoalescer } from "./delta-coalescer.ts";
import { ReplyJournal } from "./reply-journal.ts";
import { estimateTokens } from "./token-estimate.ts";

const DEFAULT_SEARCH_MODEL = "web-search";

/** Failures after part of a reply arrived that keep that part as an interrupted reply. */
const INTERRUPTING_CODES = [
  "STREAM_INCOMPLETE",
  "NETWORK_ERROR",
  "STREAM_STALLED",
  "SSE_LINE_TOO_LONG",
  "REPLY_TOO_LONG",
];

/** How a conversation's replies are asked: its settings as its profile's server takes them. */
export interface AskedWith {
  readonly settings: ChatSettings;
  readonly profileId: string;
  readonly capabilities: ServerCapabilities;
}

/** One reply to produce: what it answers, with which settings, from which profile. */
export interface ReplyRun {
  readonly conversationId: string;
  readonly assistantMessageId: string;
  readonly settings: ChatSettings;
  readonly profileId: string;
  readonly messages: readonly Turn[];
  readonly searchWeb: boolean;
  /** False for one answer of a comparison: the conversation goes on from the one the user chooses. */
  readonly showAsLeaf?: boolean;
  /** Its row was written with its question (streaming, empty): it is updated, not created. */
  readonly rowWritten?: boolean;
}

/**
 * One reply as a stream for a page: requested in either wire format (or web search), normalised into
 * one event model, coalesced per frame, written ahead while it streams, and settled however it ends
 * (complete, stopped, interrupted or failed). Its gateway calls are linked to the reply in the ledger.
 */
export class ReplyProducer {
  private readonly store: ConversationStore;
  private readonly streams: StreamHub;
  private readonly vault: ProfileVault;
  private readonly clientFor: (profileId: string) => GatewayClient;
  private readonly capabilitiesOf: (profileId: string) => ServerCapabilities;
  private readonly imagesRefused: (profileId: string, model: string) => void;
  private readonly attachmentsOf: AttachmentsOf;
  private readonly assistantDocuments: (assistantId: string) => readonly AssistantDocument[];
  private readonly tooling: Tooling | null;

  constructor(
    store: ConversationStore,
    streams: StreamHub,
    vault: ProfileVault,
    clientFor: (profileId: string) => GatewayClient,
    capabilitiesOf: (profileId: string) => ServerCapabilities,
    /** A server refused images for this model: remembered, so the next ones are refused before sending. */
    imagesRefused: (profileId: string, model: string) => void = () => undefined,
    /** The documents of an assistant, sent with every conversation started from it (none once it is deleted). */
    assistantDocuments: (assistantId: string) => readonly AssistantDocument[] = () => [],
    /** The MCP tools a conversation may offer; without it, replies never use tools. */
    tooling: Tooling | null = null,
  ) {
    this.store = store;
    this.streams = streams;
    this.vault = vault;
    this.clientFor = clientFor;
    this.capabilitiesOf = capabilitiesOf;
    this.imagesRefused = imagesRefused;
    this.assistantDocuments = assistantDocuments;
    this.tooling = tooling;
    this.attachmentsOf = (messageId) => store.attachments.loaded(messageId);
  }

  /** The settings a reply of this conversation is asked with, on its profile's server, and what that server offers. */
  askedWith(conversationId: string): AskedWith {
    const conversation = this.store.summary(conversationId);
    // Sent through its own profile whatever is active (stored without one: through the active one).
    const profileId = this.ownProfileOf(conversation.settings) ?? this.vault.resolveId();
    const capabilities = this.capabilitiesOf(profileId);
    // A conversation keeps only what its profile's server offers; its assistant's documents follow its prompt.
    const { settings: stored, assistant } = conversation;
    const settings: ChatSettings = {
      ...stored,
      wireFormat: capabilities.features.messages === "missing" ? "chat-completions" : stored.wireFormat,
      systemPrompt: withAssistantDocuments(stored.systemPrompt, assistant ? this.assistantDocuments(assistant.id) : []),
    };
    return { settings, profileId, capabilities };
  }

  /** Refuses, before anything is written, a conversation whose profile was deleted: it is moved first. */
  refuseDeletedProfile(conversationId: string): void {
    this.ownProfileOf(this.store.summary(conversationId).settings);
  }

  private ownProfileOf({ profileId }: ChatSettings): string | null {
    if (profileId !== null && !this.vault.has(profileId)) throw appError("CONVERSATION_PROFILE_DELETED");
    return profileId;
  }

  /** The shown path and the settings a reply of this conversation is asked with (read once per Send). */
  context(
    conversationId: string,
    { settings, profileId } = this.askedWith(conversationId),
  ): { settings: ChatSettings; profileId: string; messages: Turn[] } {
    return { settings, profileId, messages: this.store.turns(conversationId) };
  }

  /** Starts the reply on a stream of this page; its id is what the page follows. */
  open(page: Page, run: ReplyRun): string {
    return this.streams.open(page, (emit, signal) =>
      withLedgerLink({ conversationId: run.conversationId, messageId: run.assistantMessageId }, () =>
        this.produce(emit, signal, run),
      ),
    );
  }

  private async produce(emit: Emit, signal: AbortSignal, run: ReplyRun): Promise<void> {
    const { settings, searchWeb } = run;
    // Stryker disable next-line OptionalChaining: context() just resolved run.profileId to a stored profile, and every stored profile has its model lists
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
      {
        id: run.assistantMessageId,
        conversationId: run.conversationId,
        // Stryker disable next-line OptionalChaining: every reply answers a question just written, so run.messages is never empty
        parentId: run.messages.at(-1)?.id ?? null,
        // Stryker disable next-line LogicalOperator: `undefined && true` is undefined, which the store shows as the leaf like true
        showAsLeaf: run.showAsLeaf ?? true,
        written: run.rowWritten ?? false,
      },
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
      const capabilities = this.capabilitiesOf(run.profileId);
      await replyRounds(
        { client, tooling: this.tooling, capabilities, attachmentsOf: this.attachmentsOf },
        run,
        { meta, journal, coalescer, emit, waitUntil, started },
        signal,
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
      const prompt = [{ content: settings.systemPrompt }, ...historyOf(run.messages, this.attachmentsOf)];
      // The reply ends settled whatever the estimate does: without a count where it cannot make one.
      const estimate = await estimateTokens(prompt, journal.text).catch(() => null);
      if (estimate) Object.assign(meta, estimate, { tokensEstimated: true });
    }
    emit({ kind: "done", data: { message: journal.finish({ status, error }) } });
    journal.indexForSearch();
  }
}
