import { useState } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { ModelPicker } from "../components/ModelPicker.tsx";
import { useChatModelChoices } from "../components/use-chat-model-choices.ts";

interface QuickModelFieldProps {
  /** The conversation's model; empty before the first message, meaning the default model. */
  readonly value: string;
  onChange(code: string): void;
}

/**
 * The model of the quick conversation: the model picker, with the profile's and the server's codes.
 * Keyed by its value where used, so a conversation's model replaces what was typed.
 */
export function QuickModelField({ value, onChange }: QuickModelFieldProps) {
  const { t } = useTranslation();
  const { options, placeholder } = useChatModelChoices();
  const [text, setText] = useState(value);

  const commit = (typed: string) => {
    const code = typed.trim();
    if (code !== "" && code !== value) onChange(code);
    else setText(value);
  };

  return (
    <ModelPicker
      layout="bare"
      label={t("chat.model")}
      placeholder={placeholder}
      value={text}
      options={options}
      onChange={setText}
      onCommit={commit}
    />
  );
}
