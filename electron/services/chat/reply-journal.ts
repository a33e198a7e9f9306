import type { ChatMessage, MessageMeta, MessageStatus } from "../../../shared/ipc/chat.ts";
import type { IpcError } from "../../../shared/ipc/result.ts";
import type { ConversationStore } from "./conversation-store.ts";

/** How often a streaming reply's text reaches SQLite at the latest. */
export const REPLY_FLUSH_MS = 500;

/**
 * A reply written ahead: its row exists from the first delta (status `streaming`) and its text is
 * flushed at least every REPLY_FLUSH_MS, so a crash keeps what had arrived; `finish` settles it.
 */
export class ReplyJournal {
  private readonly store: ConversationStore;
  private readonly target: { readonly id: string; readonly conversationId: string; readonly parentId: string | null };
  private readonly meta: MessageMeta;
  private timer: NodeJS.Timeout | null = null;
  private written = false;
  private flushedLength = 0;
  text = "";

  constructor(
    store: ConversationStore,
    target: { id: string; conversationId: string; parentId: string | null },
    meta: MessageMeta,
  ) {
    this.store = store;
    this.target = target;
    this.meta = meta;
  }

  append(delta: string): void {
    this.text += delta;
    if (this.written) return;
    this.store.appendMessage({
      ...this.target,
      role: "assistant",
      content: this.text,
      status: "streaming",
      meta: this.meta,
    });
    this.written = true;
    this.flushedLength = this.text.length;
    this.timer = setInterval(() => this.flush(), REPLY_FLUSH_MS);
    this.timer.unref();
  }

  finish(end: { status: Exclude<MessageStatus, "streaming">; error: IpcError | null }): ChatMessage {
    if (this.timer) clearInterval(this.timer);
    const message = { ...this.target, content: this.text, meta: this.meta, ...end };
    return this.written ? this.store.settleReply(message) : this.store.appendMessage({ ...message, role: "assistant" });
  }

  private flush(): void {
    if (this.text.length === this.flushedLength) return;
    this.store.writeReplyText(this.target.id, this.text);
    this.flushedLength = this.text.length;
  }
}
