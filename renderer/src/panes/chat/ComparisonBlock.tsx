import { useTranslation } from "../../i18n/use-translation.ts";
import type { Comparison } from "../../../../shared/ipc/compare.ts";
import { useChatStore } from "./chat-store.ts";
import { useComparing } from "./compare-queries.ts";
import { CompareAnswer } from "./CompareAnswer.tsx";
import { TranscriptBusy } from "./transcript-busy.ts";
import "./compare.css";

interface ComparisonBlockProps {
  readonly conversationId: string;
  readonly comparison: Comparison;
  onContinue(messageId: string): void;
  /** Asks the comparison's question again of all its models. */
  onRegenerate(comparison: Comparison): void;
  onStop(streamId: string): void;
  onStopAll(): void;
}

/**
 * A question's answers side by side (stacked where the window is narrow), with Stop all while any is
 * coming, and Regenerate (all its models again) once none is.
 */
export function ComparisonBlock(props: ComparisonBlockProps) {
  const { conversationId, comparison, onContinue, onRegenerate, onStop, onStopAll } = props;
  const { t } = useTranslation();
  const answering = useChatStore((state) =>
    Object.values(state.live).some((reply) => reply.comparisonId === comparison.id && !reply.interrupted),
  );
  // Another comparison of the conversation still coming: asking this one again waits for it, as Regenerate for a reply.
  const comparing = useComparing(conversationId);
  return (
    <section className="comparison" aria-label={t("compare.comparison")}>
      <div className="comparison__bar">
        {answering ? (
          <button type="button" className="button button--danger button--small" onClick={onStopAll}>
            {t("compare.stopAll")}
          </button>
        ) : (
          <>
            {comparison.chosenId === null && <p className="comparison__hint">{t("compare.chooseHint")}</p>}
            <TranscriptBusy.Consumer>
              {(busy) => (
                <button
                  type="button"
                  className="button button--small"
                  title={t("compare.regenerateHint", { count: comparison.columns.length })}
                  disabled={busy || comparing}
                  onClick={() => onRegenerate(comparison)}
                >
                  {t("compare.regenerate")}
                </button>
              )}
            </TranscriptBusy.Consumer>
          </>
        )}
      </div>
      <div className="comparison__columns">
        {comparison.columns.map((column, index) => (
          <CompareAnswer
            key={column.messageId}
            column={column}
            index={index}
            chosen={comparison.chosenId === column.messageId}
            onContinue={onContinue}
            onStop={onStop}
          />
        ))}
      </div>
    </section>
  );
}
