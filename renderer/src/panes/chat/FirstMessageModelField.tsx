import { useTranslation } from "react-i18next";
import { defaultCodeOf, useModelOptions } from "../../api/model-options.ts";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { useChatStore } from "./chat-store.ts";

const NO_RECENT: readonly string[] = [];

/**
 * The model the first message goes to, before any conversation exists: kept as typed, so the
 * conversation that takes this box (its first message, or New chat) starts with it. Its
 * placeholder is the default it stands for while empty.
 */
export function FirstMessageModelField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const options = useModelOptions("chat", NO_RECENT);
  const typed = useChatStore((state) => state.firstMessageModel) ?? "";
  const typedChanged = useChatStore((state) => state.firstMessageModelChosen);
  return (
    <ModelPicker
      layout="inline"
      label={t("chat.model")}
      placeholder={defaultCodeOf(options) ?? t("chat.defaultModel")}
      value={typed}
      options={options}
      onChange={typedChanged}
      onCommit={(code) => typedChanged(code.trim())}
      disabled={disabled}
    />
  );
}
