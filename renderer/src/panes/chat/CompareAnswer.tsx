import { useTranslation } from "../../i18n/use-translation.ts";
import type { ComparisonColumn } from "../../../../shared/ipc/compare.ts";
import { costOf } from "../../components/cost-label.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { ServerText } from "../../components/ServerText.tsx";
import { formatSeconds } from "../../components/format.ts";
import { answerFigures } from "./answer-figures.ts";
import { useChatStore } from "./chat-store.ts";
import { MarkdownView } from "./MessageItem.tsx";

interface CompareAnswerProps {
  readonly column: ComparisonColumn;
  readonly index: number;
  /** The conversation continues from this answer. */
  readonly chosen: boolean;
  onContinue(messageId: string): void;
  onStop(streamId: string): void;
}

const STATUS_LABELS = {
  stopped: "chat.status.stopped",
  interrupted: "chat.status.interrupted",
} as const;

/** One model's answer in a comparison: its text (scrolling on its own), its figures, Stop or Continue. */
export function CompareAnswer({ column, index, chosen, onContinue, onStop }: CompareAnswerProps) {
  const { t } = useTranslation();
  const live = useChatStore(
    (state) => Object.values(state.live).find((reply) => reply.assistantMessageId === column.messageId) ?? null,
  );
  const message = live ? null : column.message;
  const streaming = live ? !live.interrupted : (message?.status ?? "streaming") === "streaming";
  const text = live ? live.text : (message?.content ?? "");
  const figures = answerFigures(column.message, live);
  const words = { free: t("cost.free"), unknown: t("cost.unknown") };
  const seconds = (ms: number | null) => (ms === null ? "–" : formatSeconds(ms / 1000, 2));
  const status = message?.status === "stopped" || message?.status === "interrupted" ? message.status : null;
  return (
    <article
      className={chosen ? "compare-answer compare-answer--chosen" : "compare-answer"}
      aria-label={t("compare.answer", { index: index + 1, model: column.model })}
      aria-busy={streaming}
    >
      <header className="compare-answer__head">
        <ServerText text={column.model} />
        {live && !live.interrupted && (
          <button type="button" className="button button--small" onClick={() => onStop(live.streamId)}>
            {t("compare.stop")}
          </button>
        )}
      </header>
      <div
        className="compare-answer__text"
        tabIndex={0}
        role="region"
        aria-label={t("compare.answerText", { index: index + 1 })}
      >
        {text ? (
          <MarkdownView text={text} anchorPrefix={`source-${column.messageId}`} sourceCount={0} growing={streaming} />
        ) : (
          streaming && <p className="message__typing">{t("compare.waiting")}</p>
        )}
      </div>
      {status && (
        <p className="message__status" role="status">
          {t(STATUS_LABELS[status])}
        </p>
      )}
      {message?.error && message.status !== "stopped" && <ErrorNotice error={message.error} />}
      <p className="compare-answer__figures" data-testid="answer-figures">
        <span title={t("chat.ttftHint")}>{t("compare.firstToken", { time: seconds(figures.firstTokenMs) })}</span>
        <span>{t("compare.speed", { rate: figures.tokensPerSecond?.toFixed(1) ?? "–" })}</span>
        <span title={figures.tokensEstimated ? t("chat.tokensEstimatedHint") : undefined}>
          {figures.tokensEstimated ? "≈ " : ""}
          {t("compare.tokens", { input: figures.inputTokens ?? "–", output: figures.outputTokens ?? "–" })}
        </span>
        <span
          data-testid="answer-cost"
          title={message?.cost?.kind === "estimated" ? t("cost.estimatedHint") : undefined}
        >
          {t("compare.cost", { amount: costOf(message?.cost ?? null, words) })}
        </span>
      </p>
      {chosen ? (
        <p className="compare-answer__chosen" role="status">
          {t("compare.continued")}
        </p>
      ) : (
        !streaming && (
          <button type="button" className="button button--small" onClick={() => onContinue(column.messageId)}>
            {t("compare.continue")}
          </button>
        )
      )}
    </article>
  );
}
