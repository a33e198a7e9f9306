import { useTranslation } from "react-i18next";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { useChatModelChoices } from "../../components/use-chat-model-choices.ts";
import { useActiveProfile } from "../../api/queries.ts";
import { firstMessageModelTyped, useChatStore } from "./chat-store.ts";

/**
 * The model the first message goes to, before any conversation exists: kept as typed, so the
 * conversation that takes this box (its first message, or New chat) starts with it.
 */
export function FirstMessageModelField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { options, placeholder } = useChatModelChoices();
  const profileId = useActiveProfile()?.id ?? null;
  const typed = useChatStore((state) => firstMessageModelTyped(state, profileId));
  const chosen = useChatStore((state) => state.firstMessageModelChosen);
  // Kept by profile, so the field waits until the active one is known.
  const typedChanged = (code: string) => profileId !== null && chosen(code, profileId);
  return (
    <ModelPicker
      layout="inline"
      label={t("chat.model")}
      placeholder={placeholder}
      value={typed}
      options={options}
      onChange={typedChanged}
      onCommit={(code) => typedChanged(code.trim())}
      disabled={disabled || profileId === null}
    />
  );
}
