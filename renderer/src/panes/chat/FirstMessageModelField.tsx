import { useTranslation } from "../../i18n/use-translation.ts";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { useChatModelChoices } from "../../components/use-chat-model-choices.ts";
import { useFirstMessageModel } from "./use-first-message-model.ts";

/**
 * The model the first message goes to, before any conversation exists: kept as typed, so the
 * conversation that takes this box (its first message, or New chat) starts with it.
 */
export function FirstMessageModelField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { options, placeholder } = useChatModelChoices();
  const { typed, choose } = useFirstMessageModel();
  return (
    <ModelPicker
      layout="inline"
      label={t("chat.model")}
      placeholder={placeholder}
      value={typed}
      options={options}
      onChange={choose}
      onCommit={(code) => choose(code.trim())}
      disabled={disabled}
    />
  );
}
