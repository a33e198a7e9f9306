import type { ChatMessage, MessageMeta, MessageStatus } from "../../../shared/ipc/chat.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import { codedText, englishOf } from "../../../shared/text/app-texts.ts";
import type { ConversationStore } from "./conversation-store.ts";

/** How often a streaming reply's text reaches SQLite at the latest. */
export const REPLY_FLUSH_MS = 500;
/** How often a reply the disk refused (full, or locked by another process) is offered to it again. */
const REPLY_SAVE_RETRY_MS = 2000;

/**
 * Where the reply goes; `showAsLeaf` false leaves the conversation's shown path where it is, and
 * `written` says its row exists already (written with its question).
 */
interface ReplyTarget {
  readonly id: string;
  readonly conversationId: string;
  readonly parentId: string | null;
  readonly showAsLeaf: boolean;
  readonly written: boolean;
}

type Ending = { status: Exclude<MessageStatus, "streaming">; error: IpcError | null };

/**
 * A reply written ahead: its row exists from the first delta (status `streaming`), or from Send when
 * written with its question, and its text is flushed at least every REPLY_FLUSH_MS, so a crash keeps
 * what had arrived; `finish` settles it, and `indexForSearch` (after its done is sent) indexes it.
 * A write the disk refuses never ends the reply, nor the process: the text stays in memory and is
 * written again later, and the settled message says it is not saved yet.
 */
export class ReplyJournal {
  private readonly store: ConversationStore;
  private readonly target: ReplyTarget;
  private readonly meta: MessageMeta;
  private timer: NodeJS.Timeout | null = null;
  private written: boolean;
  private flushedLength = 0;
  private readonly createdAt = new Date().toISOString();
  text = "";

  constructor(store: ConversationStore, target: ReplyTarget, meta: MessageMeta) {
    this.store = store;
    this.target = target;
    this.meta = meta;
    this.written = target.written;
  }

  append(delta: string): void {
    this.text += delta;
    if (this.timer) return;
    // A row not written yet is written at once; one written with its question waits for the timer.
    if (!this.written) this.attempt(() => this.flush());
    this.timer = setInterval(() => this.attempt(() => this.flush()), REPLY_FLUSH_MS);
    this.timer.unref();
  }

  /** Writes the reply now, its meta included: a tool call waiting for the user survives a crash. */
  saveNow(): void {
    this.attempt(() => {
      if (!this.written) this.flush();
      else this.store.writeReplyText(this.target.id, this.text, this.meta);
      this.flushedLength = this.text.length;
    });
  }

  finish(end: Ending): ChatMessage {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const saved = this.attempt(() => this.settle(end));
    if (saved) return saved;
    const retry = setInterval(() => {
      if (!this.attempt(() => this.settle(end))) return;
      clearInterval(retry);
      this.indexForSearch();
    }, REPLY_SAVE_RETRY_MS);
    retry.unref();
    return this.unsaved(end);
  }

  /** After the done is sent: the settled reply enters the search index (refused, the next reply or start does it). */
  indexForSearch(): void {
    this.attempt(() => this.store.indexSettled());
  }

  private flush(): void {
    if (!this.written) {
      this.store.appendMessage({
        ...this.target,
        role: "assistant",
        content: this.text,
        status: "streaming",
        meta: this.meta,
      });
      this.written = true;
    } else if (this.text.length !== this.flushedLength) {
      // With its meta: a row written with its question has none yet.
      this.store.writeReplyText(this.target.id, this.text, this.meta);
    }
    this.flushedLength = this.text.length;
  }

  private settle(end: Ending): ChatMessage {
    const message = { ...this.target, content: this.text, meta: this.meta, ...end };
    const settled = this.written
      ? this.store.settleReply(message)
      : this.store.appendMessage({ ...message, role: "assistant" });
    this.written = true;
    return settled;
  }

  /** The reply as it would be stored, with the disk's refusal as its error when it has none of its own. */
  private unsaved(end: Ending): ChatMessage {
    const notSaved = codedText("REPLY_NOT_SAVED", { reason: this.lastFailure });
    const { id, conversationId } = this.target;
    return {
      id,
      conversationId,
      role: "assistant",
      content: this.text,
      status: end.status,
      error: end.error ?? { code: "REPLY_NOT_SAVED", message: englishOf(notSaved), text: notSaved },
      meta: this.meta,
      cost: null,
      createdAt: this.createdAt,
    };
  }

  private lastFailure = "";

  /** Runs a write; a refusal (disk full, database locked) is remembered, never thrown. */
  private attempt<T>(write: () => T): T | null {
    try {
      return write();
    } catch (error) {
      this.lastFailure = error instanceof Error ? error.message : String(error);
      return null;
    }
  }
}
