import { ToolRoundsView } from "./ToolRoundsView.tsx";
import { lazy, memo, Suspense, useState, type ComponentProps } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ChatMessage } from "../../../../shared/ipc/chat.ts";
import { errorText, sayText } from "../../components/app-text.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import type { LiveReply } from "./chat-store.ts";
import { MessageActions } from "./MessageActions.tsx";
import { ReplyMeta } from "./ReplyMeta.tsx";
import { SourcesList } from "./SourcesList.tsx";
import { retrySecondsLeft } from "./retry-countdown.ts";
import { MessageAttachments } from "./MessageAttachments.tsx";
import { TranscriptBusy } from "./transcript-busy.ts";

/** Markdown and its highlighter are a third of the window's script: a chunk of their own, plain text until it is there. */
const LazyMarkdownView = lazy(() =>
  import("./MarkdownView.tsx").then(({ MarkdownView }) => ({ default: MarkdownView })),
);

export function MarkdownView(props: ComponentProps<typeof LazyMarkdownView>) {
  return (
    <Suspense fallback={<p className="message__plain">{props.text}</p>}>
      <LazyMarkdownView {...props} />
    </Suspense>
  );
}

interface UserMessageProps {
  readonly message: ChatMessage;
  onEdit(messageId: string, content: string): void;
  onDelete(messageId: string): void;
}

export const UserMessage = memo(function UserMessage({ message, onEdit, onDelete }: UserMessageProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(message.content);
  if (editing) {
    return (
      <article className="message message--user" aria-label={t("chat.you")}>
        <form
          className="message__edit"
          onSubmit={(event) => {
            event.preventDefault();
            if (!draft.trim()) return;
            setEditing(false);
            onEdit(message.id, draft);
          }}
        >
          <textarea
            aria-label={t("chat.editMessage")}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            rows={4}
          />
          <div className="form-actions">
            <button type="submit" className="button button--primary" disabled={!draft.trim()}>
              {t("chat.resend")}
            </button>
            <button type="button" className="button" onClick={() => setEditing(false)}>
              {t("settings.cancel")}
            </button>
          </div>
        </form>
      </article>
    );
  }
  // Worded here, not in the Consumer: that runs again for every message whenever a reply starts or ends.
  const editLabel = t("chat.edit");
  return (
    <article className="message message--user" aria-label={t("chat.you")}>
      {message.attachments && (
        <MessageAttachments conversationId={message.conversationId} attachments={message.attachments} />
      )}
      {message.content && <p className="message__text">{message.content}</p>}
      <div className="message__actions">
        <TranscriptBusy.Consumer>
          {(busy) => (
            <button type="button" className="button button--small" onClick={() => setEditing(true)} disabled={busy}>
              {editLabel}
            </button>
          )}
        </TranscriptBusy.Consumer>
        <MessageActions message={message} onDelete={onDelete} />
      </div>
    </article>
  );
});

interface AssistantMessageProps {
  readonly message: ChatMessage;
  /**
   * A failed or interrupted reply that ends the conversation: it offers Retry rather than Regenerate.
   * Only such a reply depends on being last, so a question sent after a complete one draws nothing above it again.
   */
  readonly offersRetry: boolean;
  /** Regenerates this reply (by its id): the new one is another version beside it. */
  onRegenerate(messageId: string): void;
  onDelete(messageId: string): void;
}

const STATUS_LABELS = {
  streaming: "chat.status.streaming",
  stopped: "chat.status.stopped",
  interrupted: "chat.status.interrupted",
} as const;

/** Memoised, as the user's messages: while a reply streams, only the live reply draws again. */
export const AssistantMessage = memo(function AssistantMessage({
  message,
  offersRetry,
  onRegenerate,
  onDelete,
}: AssistantMessageProps) {
  const { t } = useTranslation();
  const regenerate = () => onRegenerate(message.id);
  // Worded here, not in the Consumer: that runs again for every message whenever a reply starts or ends.
  const regenerateLabel = offersRetry ? t("chat.retry") : t("chat.regenerate");
  const anchor = `source-${message.id}`;
  const sources = message.meta?.sources ?? [];
  return (
    <article className={`message message--assistant message--${message.status}`} aria-label={t("chat.assistant")}>
      {message.meta?.toolRounds?.length ? (
        <ToolRoundsView
          content={message.content}
          rounds={message.meta.toolRounds}
          text={(part, key) => (
            <MarkdownView key={key} text={part} anchorPrefix={anchor} sourceCount={sources.length} />
          )}
        />
      ) : (
        message.content && <MarkdownView text={message.content} anchorPrefix={anchor} sourceCount={sources.length} />
      )}
      {message.meta?.toolNotes?.map((note, index) => (
        <p key={index} className="message__status" role="status">
          {sayText(note)}
        </p>
      ))}
      {message.meta?.toolNotice && (
        <p className="message__status" role="status">
          {sayText(message.meta.toolNotice)}
        </p>
      )}
      {(message.status === "streaming" || message.status === "stopped" || message.status === "interrupted") && (
        <p className="message__status" role="status">
          {t(STATUS_LABELS[message.status])}
        </p>
      )}
      {message.error && message.status !== "stopped" && <ErrorNotice error={message.error} />}
      <SourcesList sources={sources} anchorPrefix={anchor} />
      {message.meta && <ReplyMeta meta={message.meta} cost={message.cost} />}
      <div className="message__actions">
        <TranscriptBusy.Consumer>
          {(busy) => (
            <button type="button" className="button button--small" onClick={regenerate} disabled={busy}>
              {regenerateLabel}
            </button>
          )}
        </TranscriptBusy.Consumer>
        <MessageActions message={message} onDelete={onDelete} />
      </div>
    </article>
  );
});

/** The reply being generated, as it streams. */
export function LiveAssistantMessage({ reply, now }: { reply: LiveReply; now: number }) {
  const { t } = useTranslation();
  const anchor = `source-${reply.assistantMessageId}`;
  const notice = reply.notice;
  const retryLeft = notice?.retrying ? retrySecondsLeft(notice, now) : null;
  return (
    <article
      className={`message message--assistant message--${reply.interrupted ? "interrupted" : "streaming"}`}
      aria-label={t("chat.assistant")}
      aria-busy={!reply.interrupted}
    >
      {reply.toolRounds?.length ? (
        <ToolRoundsView
          content={reply.text}
          rounds={reply.toolRounds}
          waitingIn={{ conversationId: reply.conversationId, messageId: reply.assistantMessageId }}
          text={(part, key) => (
            <MarkdownView key={key} text={part} anchorPrefix={anchor} sourceCount={reply.sources.length} growing />
          )}
        />
      ) : reply.text ? (
        <MarkdownView text={reply.text} anchorPrefix={anchor} sourceCount={reply.sources.length} growing />
      ) : (
        !reply.interrupted && <p className="message__typing">{t("chat.thinking")}</p>
      )}
      {reply.interrupted && (
        <p className="message__status" role="status">
          {t("chat.status.interrupted")}
        </p>
      )}
      {notice?.retrying && !reply.interrupted && (
        <div role="alert" className="error-notice">
          <p className="error-notice__headline">
            <code className="error-notice__code">
              {notice.status ? `${notice.status} ` : ""}
              {notice.code}
            </code>{" "}
            {errorText(notice)}
          </p>
          <p className="error-notice__retry" aria-live="polite">
            {t("chat.retryingIn", { seconds: retryLeft })}
          </p>
          {notice.requestId && (
            <p className="error-notice__request">
              {t("error.requestId")}: <code>{notice.requestId}</code>
            </p>
          )}
        </div>
      )}
      <SourcesList sources={reply.sources} anchorPrefix={anchor} />
    </article>
  );
}
