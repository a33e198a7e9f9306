import { useTranslation } from "../../i18n/use-translation.ts";
import type { Comparison } from "../../../../shared/ipc/compare.ts";
import { useChatStore } from "./chat-store.ts";
import "./compare.css";

interface ChooseAnswerNoteProps {
  readonly comparison: Comparison;
  onContinue(messageId: string): void;
}

/**
 * Said above the message box while a comparison's answers wait for a choice: what to do, and the
 * quickest way on (the first answer, once it has ended), rather than a refusal after Send.
 */
export function ChooseAnswerNote({ comparison, onContinue }: ChooseAnswerNoteProps) {
  const { t } = useTranslation();
  const first = comparison.columns[0];
  const firstComing = useChatStore((state) =>
    Object.values(state.live).some((reply) => reply.assistantMessageId === first?.messageId && !reply.interrupted),
  );
  const firstEnded = !firstComing && first?.message != null && first.message.status !== "streaming";
  return (
    <div className="choose-answer">
      <span role="status">{t("compare.chooseToContinue")}</span>
      {first && (
        <button
          type="button"
          className="button button--small"
          disabled={!firstEnded}
          onClick={() => onContinue(first.messageId)}
        >
          {t("compare.continueFirst")}
        </button>
      )}
    </div>
  );
}
