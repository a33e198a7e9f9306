import { useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ChatSettings } from "../../../../shared/ipc/chat.ts";
import { PresetInputSchema } from "../../../../shared/ipc/presets.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";
import { formIssue } from "../../components/form-issue.ts";
import { useSavePreset } from "./preset-queries.ts";
import "./save-as-preset.css";

interface SaveAsPresetProps {
  /** The settings as the drawer's form has them, or null when the form refused them (and said why). */
  current(): ChatSettings | null;
}

/** In the conversation's settings: keeps them, under a name asked for here, as a new prompt preset. */
export function SaveAsPreset({ current }: SaveAsPresetProps) {
  const { t } = useTranslation();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [savedName, setSavedName] = useState<string | null>(null);
  const save = useSavePreset();

  const submit = () => {
    const settings = current();
    if (!settings) return;
    const { systemPrompt, model, wireFormat, temperature, topP, maxTokens, stream } = settings;
    const parsed = PresetInputSchema.safeParse({
      name,
      systemPrompt,
      model,
      wireFormat,
      temperature,
      topP,
      maxTokens,
      stream,
    });
    if (!parsed.success) {
      setError(formIssue(parsed.error).message);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (preset) => {
        setSavedName(preset.name);
        setNaming(false);
        setName("");
      },
    });
  };
  const cancel = () => {
    setNaming(false);
    setError(null);
  };
  // The field sits inside the settings form: Enter saves the preset, not the settings, and Esc closes the field only.
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter" && event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    if (event.key === "Enter") submit();
    else cancel();
  };

  return (
    <div className="save-as-preset">
      <div className="save-as-preset__bar">
        <button
          type="button"
          className="button"
          aria-expanded={naming}
          onClick={() => {
            setSavedName(null);
            setNaming(!naming);
          }}
        >
          {t("presets.saveAs")}
        </button>
        {savedName && <span role="status">{t("presets.savedAs", { name: savedName })}</span>}
      </div>
      {naming && (
        <div role="group" aria-label={t("presets.saveAs")} className="save-as-preset__naming">
          <FormField
            id="save-as-preset-name"
            label={t("presets.name")}
            value={name}
            onChange={setName}
            error={error}
            autoFocus
            onKeyDown={keyDown}
          />
          <div className="form-actions">
            <button type="button" className="button button--primary" disabled={save.isPending} onClick={submit}>
              {t("presets.save")}
            </button>
            <button type="button" className="button" onClick={cancel}>
              {t("presets.cancel")}
            </button>
          </div>
        </div>
      )}
      <ActionError actions={[save]} />
    </div>
  );
}
