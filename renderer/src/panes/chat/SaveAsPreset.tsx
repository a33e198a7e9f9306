import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatSettings } from "../../../../shared/ipc/chat.ts";
import { PresetInputSchema } from "../../../../shared/ipc/presets.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { formIssue } from "../../components/form-issue.ts";
import { useSavePreset } from "./preset-queries.ts";
import { NameAndSave } from "./NameAndSave.tsx";
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
        <NameAndSave
          title={t("presets.saveAs")}
          id="save-as-preset-name"
          label={t("presets.name")}
          name={name}
          onNameChange={setName}
          error={error}
          saving={save.isPending}
          saveLabel={t("presets.save")}
          cancelLabel={t("presets.cancel")}
          onSave={submit}
          onCancel={cancel}
          className="save-as-preset__naming"
        />
      )}
      <ActionError actions={[save]} />
    </div>
  );
}
