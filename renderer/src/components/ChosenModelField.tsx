import { useState } from "react";
import { useTranslation } from "react-i18next";
import { defaultCodeOf, useModelOptions } from "../api/model-options.ts";
import { ModelPicker } from "./ModelPicker.tsx";

interface ChosenModelFieldProps {
  /** The conversation's model; empty before the first message, meaning the default model. */
  readonly value: string;
  onChange(code: string): void;
  /** `inline`: its label beside it, as in a toolbar; `bare`: the label for screen readers only. */
  readonly layout: "inline" | "bare";
}

const NO_RECENT: readonly string[] = [];

/**
 * The model of a conversation that may not exist yet: the model picker, with the profile's and
 * the server's codes, showing the default it starts with until another is chosen. Keyed by its
 * value where used, so a conversation's model replaces what was typed.
 */
export function ChosenModelField({ value, onChange, layout }: ChosenModelFieldProps) {
  const { t } = useTranslation();
  const options = useModelOptions("chat", NO_RECENT);
  const [text, setText] = useState(value);

  const commit = (typed: string) => {
    const code = typed.trim();
    if (code !== "" && code !== value) onChange(code);
    else setText(value);
  };

  return (
    <ModelPicker
      layout={layout}
      label={t("chat.model")}
      placeholder={defaultCodeOf(options) ?? t("chat.defaultModel")}
      value={text}
      options={options}
      onChange={setText}
      onCommit={commit}
    />
  );
}
