import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_CHAT_SETTINGS, WIRE_FORMAT_NAMES, WIRE_FORMATS } from "../../../../shared/ipc/chat.ts";
import { PresetInputSchema, type Preset } from "../../../../shared/ipc/presets.ts";
import { useModelOptions } from "../../api/model-options.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";
import { checkedSampling, SamplingFields, typedSampling } from "../chat/SamplingFields.tsx";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { onOption } from "../../components/select-option.ts";
import { problemsByField } from "../chat/form-checks.ts";
import { useSavePreset } from "../chat/preset-queries.ts";

interface PresetFormProps {
  /** null: a new preset. */
  readonly preset: Preset | null;
  onDone(saved: boolean): void;
}

const NEW_PRESET = { ...DEFAULT_CHAT_SETTINGS, name: "", model: "" };

/**
 * Add or edit a prompt preset. Every field is checked with the schema main checks with, and
 * every field that is out of range says so at once, naming the range.
 */
export function PresetForm({ preset, onDone }: PresetFormProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>("input")?.focus(), []);
  const initial = preset ?? NEW_PRESET;
  const [name, setName] = useState(initial.name);
  const [systemPrompt, setSystemPrompt] = useState(initial.systemPrompt);
  const [model, setModel] = useState(initial.model);
  const [wireFormat, setWireFormat] = useState(initial.wireFormat);
  const [sampling, setSampling] = useState(() => typedSampling(initial));
  const [stream, setStream] = useState(initial.stream);
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const modelOptions = useModelOptions("chat", []);
  const save = useSavePreset();
  const title = preset ? t("presets.editPreset") : t("presets.newPreset");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = PresetInputSchema.safeParse({
      ...(preset ? { id: preset.id } : {}),
      name,
      systemPrompt,
      model,
      wireFormat,
      ...checkedSampling(sampling),
      stream,
    });
    if (!parsed.success) {
      setProblems(problemsByField(parsed.error));
      return;
    }
    setProblems(new Map());
    save.mutate(parsed.data, { onSuccess: () => onDone(true) });
  };
  const errorOf = (field: string) => problems.get(field) ?? null;

  return (
    <form
      ref={form}
      className="preset-form form--fill"
      aria-label={title}
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key !== "Escape" || event.defaultPrevented) return;
        event.preventDefault();
        onDone(false);
      }}
    >
      <h3>{title}</h3>
      <FormField id="preset-name" label={t("presets.name")} value={name} onChange={setName} error={errorOf("name")} />
      <label className="field">
        <span className="field__label">{t("chat.systemPrompt")}</span>
        <textarea rows={4} value={systemPrompt} onChange={(event) => setSystemPrompt(event.target.value)} />
        {problems.has("systemPrompt") && (
          <p className="field__error" role="alert">
            {errorOf("systemPrompt")}
          </p>
        )}
      </label>
      <div className="preset-form__model">
        <ModelPicker label={t("chat.model")} value={model} options={modelOptions} onChange={setModel} />
        <span className="field__hint">{t("presets.modelHint")}</span>
        {problems.has("model") && (
          <p className="field__error" role="alert">
            {errorOf("model")}
          </p>
        )}
      </div>
      <label className="field">
        <span className="field__label">{t("chat.wireFormat")}</span>
        <select value={wireFormat} onChange={onOption(WIRE_FORMATS, setWireFormat)}>
          {WIRE_FORMATS.map((format) => (
            <option key={format} value={format}>
              {WIRE_FORMAT_NAMES[format]}
            </option>
          ))}
        </select>
      </label>
      <SamplingFields
        idPrefix="preset-"
        wireFormat={wireFormat}
        values={sampling}
        onChange={(change) => setSampling((typed) => ({ ...typed, ...change }))}
        errorOf={errorOf}
      />
      <label className="toggle">
        <input type="checkbox" checked={stream} onChange={(event) => setStream(event.target.checked)} />
        <span>{t("chat.stream")}</span>
      </label>
      {problems.size > 1 && <p className="field__error">{t("conversation.invalidFields", { count: problems.size })}</p>}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("presets.save")}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t("presets.cancel")}
        </button>
      </div>
      <ActionError actions={[save]} />
    </form>
  );
}
