import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

interface QuickModelFieldProps {
  /** The conversation's model; empty before the first message, meaning the default model. */
  readonly value: string;
  readonly suggestions: readonly string[];
  onChange(code: string): void;
}

/**
 * The model of the quick conversation: any code, with the profile's models offered as you type.
 * Keyed by its value where used, so a conversation's model replaces what was typed.
 */
export function QuickModelField({ value, suggestions, onChange }: QuickModelFieldProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [text, setText] = useState(value);

  const commit = () => {
    const code = text.trim();
    if (code !== "" && code !== value) onChange(code);
    else setText(value);
  };

  return (
    <label className="quick-chat__model">
      <span className="visually-hidden">{t("chat.model")}</span>
      <input
        list={listId}
        value={text}
        placeholder={t("quick.defaultModel")}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          }
        }}
      />
      <datalist id={listId}>
        {suggestions.map((code) => (
          <option key={code} value={code} />
        ))}
      </datalist>
    </label>
  );
}
