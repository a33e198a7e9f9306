import { useTranslation } from "../../i18n/use-translation.ts";
import type { ConversationSummary } from "../../../../shared/ipc/chat.ts";
import { useModelOptions } from "../../api/model-options.ts";
import { useComparePicks, useCompareStore } from "./compare-store.ts";

interface CompareToggleProps {
  readonly conversation: ConversationSummary;
  readonly recentModels: readonly string[];
}

/** Compare on or off for this conversation; on, it starts with the conversation's model and one other. */
export function CompareToggle({ conversation, recentModels }: CompareToggleProps) {
  const { t } = useTranslation();
  const options = useModelOptions("chat", recentModels);
  const picks = useComparePicks(conversation.id);
  const turnedOn = useCompareStore((state) => state.compareTurnedOn);
  const turnedOff = useCompareStore((state) => state.compareTurnedOff);
  const model = conversation.settings.model;
  const other = options.find((option) => option.kind === "chat" && option.code !== model)?.code ?? model;
  return (
    <button
      type="button"
      className="button"
      aria-pressed={picks !== null}
      title={t("compare.toggleHint")}
      onClick={() => (picks ? turnedOff(conversation.id) : turnedOn(conversation.id, [model, other]))}
    >
      {t("compare.toggle")}
    </button>
  );
}
