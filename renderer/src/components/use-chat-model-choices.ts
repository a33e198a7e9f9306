import { useTranslation } from "../i18n/use-translation.ts";
import { useModelOptions } from "../api/model-options.ts";

const NO_RECENT: readonly string[] = [];

/** The chat codes a conversation not started yet can take, and what its field stands for while empty. */
export function useChatModelChoices() {
  const { t } = useTranslation();
  const options = useModelOptions("chat", NO_RECENT);
  const defaultCode = options.find((option) => option.badges?.includes("default"))?.code;
  return { options, placeholder: defaultCode ?? t("chat.defaultModel") };
}
