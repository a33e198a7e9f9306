import { useTranslation } from "react-i18next";
import type { Comparison } from "../../../../shared/ipc/compare.ts";
import { useChatStore } from "./chat-store.ts";
import { CompareAnswer } from "./CompareAnswer.tsx";
import "./compare.css";

interface ComparisonBlockProps {
  readonly comparison: Comparison;
  onContinue(messageId: string): void;
  onStop(streamId: string): void;
  onStopAll(): void;
}

/** A question's answers side by side (stacked where the window is narrow), with Stop all while any is coming. */
export function ComparisonBlock({ comparison, onContinue, onStop, onStopAll }: ComparisonBlockProps) {
  const { t } = useTranslation();
  const answering = useChatStore((state) =>
    Object.values(state.live).some((reply) => reply.comparisonId === comparison.id && !reply.interrupted),
  );
  return (
    <section className="comparison" aria-label={t("compare.comparison")}>
      <div className="comparison__bar">
        {answering ? (
          <button type="button" className="button button--danger button--small" onClick={onStopAll}>
            {t("compare.stopAll")}
          </button>
        ) : (
          comparison.chosenId === null && <p className="comparison__hint">{t("compare.chooseHint")}</p>
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
