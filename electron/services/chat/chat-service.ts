import {
  DEFAULT_CHAT_SETTINGS,
  type ChatMessage,
  type ChatRun,
  type ChatSettings,
  type ConversationSummary,
} from "../../../shared/ipc/chat.ts";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import { preferredModel } from "../../../shared/model-kinds.ts";
import { appError } from "../app-error.ts";
import type { Page } from "../../common/pages.ts";
import type { ProfileVault } from "../vault/profile-vault.ts";
import type { AttachmentInput } from "../../../shared/ipc/attachments.ts";
import { acceptAttachments, type AcceptedAttachment } from "./attachment-intake.ts";
import type { DocumentReader } from "../documents/document-reader.ts";
import { carriesImages } from "./chat-request.ts";
import { refuseKnownImageRefusal } from "./image-input-policy.ts";
import type { ConversationStore } from "./conversation-store.ts";
import type { AskedWith, ReplyProducer } from "./reply-producer.ts";

/**
 * Chat turns: persists the user's message and streams the reply (`ReplyProducer`), as a new
 * message, a regenerated version or the answer to an edited question. Replies a crash left
 * streaming become Interrupted when the service starts.
 */
export class ChatService {
  private readonly store: ConversationStore;
  private readonly vault: ProfileVault;
  private readonly capabilitiesOf: (profileId: string) => ServerCapabilities;
  private readonly replies: ReplyProducer;
  private readonly documents: DocumentReader;

  constructor(
    store: ConversationStore,
    vault: ProfileVault,
    capabilitiesOf: (profileId: string) => ServerCapabilities,
    /** How every reply of a conversation is produced, a comparison's answers included. */
    replies: ReplyProducer,
    /** Reads the text of documents attached (PDF, Word), off the main thread. */
    documents: DocumentReader,
  ) {
    this.store = store;
    this.vault = vault;
    this.capabilitiesOf = capabilitiesOf;
    this.replies = replies;
    this.documents = documents;
    store.interruptUnfinishedReplies();
    store.indexSettled();
  }

  /**
   * Settings for a new conversation: it belongs to the active profile, with that profile's chat
   * model, else its server's (`preferredModel`).
   */
  defaultSettings(): ChatSettings {
    const profileId = this.vault.activeId();
    const server = profileId ? this.capabilitiesOf(profileId).models : null;
    const model = preferredModel("chat", profileId ? this.vault.modelsOf(profileId) : null, server);
    return { ...DEFAULT_CHAT_SETTINGS, profileId, model: model ?? DEFAULT_CHAT_SETTINGS.model };
  }

  /**
   * A conversation's settings saved. Moved, it goes to a profile that exists (Move to profile…);
   * its own profile is kept even when deleted, so the rest can still be changed. Settings without a
   * profile take the active one: a conversation always has its own.
   */
  saveSettings(conversationId: string, settings: ChatSettings): ConversationSummary {
    const current = this.store.summary(conversationId).settings.profileId;
    const profileId = settings.profileId ?? this.vault.activeId();
    if (profileId !== current && (profileId === null || !this.vault.has(profileId)))
      throw appError("PROFILE_NOT_FOUND");
    return this.store.updateSettings(conversationId, { ...settings, profileId });
  }

  async send(
    page: Page,
    conversationId: string,
    content: string,
    searchWeb: boolean,
    attachments: readonly AttachmentInput[] = [],
  ): Promise<ChatRun & { userMessage: ChatMessage }> {
    let asked = this.askedForSend(conversationId, searchWeb);
    let files: AcceptedAttachment[] = [];
    if (attachments.length > 0) {
      files = await acceptAttachments(attachments, this.documents);
      // Read again after the documents: the conversation's settings may have changed meanwhile.
      asked = this.askedForSend(conversationId, searchWeb);
    }
    this.refuseImagesIfKnown(
      asked,
      conversationId,
      searchWeb,
      files.some((file) => file.kind === "image"),
    );
    const replyId = crypto.randomUUID();
    const userMessage = this.store.appendQuestion(
      { conversationId, role: "user", content, status: "complete", attachments: files },
      replyId,
    );
    return { ...this.reply(page, conversationId, searchWeb, asked, replyId), userMessage };
  }

  /** A new version of a reply (the shown path's last when none is named), beside the earlier ones. */
  regenerate(page: Page, conversationId: string, searchWeb: boolean, messageId?: string): ChatRun {
    const asked = this.replies.askedWith(conversationId);
    this.refuseMissingSearch(asked, searchWeb);
    this.refuseImagesIfKnown(asked, conversationId, searchWeb, false);
    this.store.edits.regenerateFrom(conversationId, messageId);
    return this.reply(page, conversationId, searchWeb, asked);
  }

  /** A new version of a question, answered anew; the earlier one keeps its answers. */
  edit(page: Page, conversationId: string, messageId: string, content: string, searchWeb: boolean): ChatRun {
    const asked = this.replies.askedWith(conversationId);
    this.refuseMissingSearch(asked, searchWeb);
    this.refuseImagesIfKnown(asked, conversationId, searchWeb, false);
    const parentId = this.store.edits.editedQuestionParent(conversationId, messageId);
    const attachments = { copiedFrom: messageId };
    this.store.appendMessage({ conversationId, role: "user", content, status: "complete", parentId, attachments });
    return this.reply(page, conversationId, searchWeb, asked);
  }

  /** How a new question would be answered, refused when its conversation cannot take one now. */
  private askedForSend(conversationId: string, searchWeb: boolean): AskedWith {
    const asked = this.replies.askedWith(conversationId);
    this.refuseMissingSearch(asked, searchWeb);
    this.store.comparisons.refuseUnchosen(conversationId);
    return asked;
  }

  /** Web search asked of a server known not to offer it is refused before anything is written or sent. */
  private refuseMissingSearch(asked: AskedWith, searchWeb: boolean): void {
    if (searchWeb && asked.capabilities.features.search === "missing")
      throw appError("NOT_OFFERED", { path: "/v1/search/completions" });
  }

  /** Images (new, or in the conversation sent again) for a model known not to take them are refused up front. */
  private refuseImagesIfKnown(asked: AskedWith, conversationId: string, searchWeb: boolean, newImages: boolean): void {
    if (searchWeb) return;
    refuseKnownImageRefusal(
      asked.capabilities,
      asked.settings.model,
      () => newImages || carriesImages(this.store.turns(conversationId)),
    );
  }

  /** The reply's stream; `writtenId`: its row, written with its question, which it answers and not itself. */
  private reply(page: Page, conversationId: string, searchWeb: boolean, asked: AskedWith, writtenId?: string): ChatRun {
    const assistantMessageId = writtenId ?? crypto.randomUUID();
    const context = this.replies.context(conversationId, asked);
    const messages = context.messages.filter((message) => message.id !== assistantMessageId);
    const rowWritten = writtenId !== undefined;
    const run = { ...context, messages, conversationId, assistantMessageId, searchWeb, rowWritten };
    return { streamId: this.replies.open(page, run), assistantMessageId };
  }
}
