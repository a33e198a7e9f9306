import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { DEFAULT_CHAT_SETTINGS, WIRE_FORMAT_NAMES, WIRE_FORMATS } from "../../../../shared/ipc/chat.ts";
import { AssistantInputSchema, type Assistant } from "../../../../shared/ipc/assistants.ts";
import { NO_ASSISTANT_TOOLS } from "../../../../shared/ipc/conversation-tools.ts";
import { useModelOptions } from "../../api/model-options.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";
import { checkedSampling, SamplingFields, typedSampling } from "../chat/SamplingFields.tsx";
import { ModelPicker } from "../../components/ModelPicker.tsx";
import { onOption } from "../../components/select-option.ts";
import { problemsByField } from "../chat/form-checks.ts";
import { useSaveAssistant } from "../chat/assistant-queries.ts";
import { ToolServerFields } from "../chat/ToolServerFields.tsx";
import { AssistantDocuments } from "./AssistantDocuments.tsx";
import { ModelSetField } from "./ModelSetField.tsx";

interface AssistantFormProps {
  /** null: a new assistant. */
  readonly assistant: Assistant | null;
  onDone(saved: boolean): void;
}

const NEW_ASSISTANT = {
  ...DEFAULT_CHAT_SETTINGS,
  name: "",
  avatar: "",
  model: "",
  modelSetId: null,
  documents: [],
  tools: NO_ASSISTANT_TOOLS,
};

/**
 * Add or edit an assistant. Every field is checked with the schema main checks with, and every
 * field that is out of range says so at once, naming the range.
 */
export function AssistantForm({ assistant, onDone }: AssistantFormProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>("input")?.focus(), []);
  const initial = assistant ?? NEW_ASSISTANT;
  const [name, setName] = useState(initial.name);
  const [avatar, setAvatar] = useState(initial.avatar);
  const [systemPrompt, setSystemPrompt] = useState(initial.systemPrompt);
  const [model, setModel] = useState(initial.model);
  const [modelSetId, setModelSetId] = useState<string | null>(initial.modelSetId);
  const [wireFormat, setWireFormat] = useState(initial.wireFormat);
  const [sampling, setSampling] = useState(() => typedSampling(initial));
  const [stream, setStream] = useState(initial.stream);
  const [documents, setDocuments] = useState<Assistant["documents"]>(initial.documents);
  const [toolServers, setToolServers] = useState<string[]>(initial.tools.servers);
  const [cap, setCap] = useState(String(initial.tools.turnCostCap));
  const [problems, setProblems] = useState<ReadonlyMap<string, string>>(new Map());
  const modelOptions = useModelOptions("chat", []);
  const save = useSaveAssistant();
  const title = assistant ? t("assistants.editAssistant") : t("assistants.newAssistant");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AssistantInputSchema.safeParse({
      ...(assistant ? { id: assistant.id } : {}),
      name,
      avatar,
      systemPrompt,
      model,
      modelSetId,
      wireFormat,
      ...checkedSampling(sampling),
      stream,
      documents,
      tools: { servers: toolServers, turnCostCap: Number(cap) },
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
      className="assistant-form form--fill"
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
      <div className="assistant-form__identity">
        <FormField
          id="assistant-name"
          label={t("assistants.name")}
          value={name}
          onChange={setName}
          error={errorOf("name")}
        />
        <FormField
          id="assistant-avatar"
          className="assistant-form__avatar"
          label={t("assistants.avatar")}
          value={avatar}
          onChange={setAvatar}
          hint={t("assistants.avatarHint")}
          error={errorOf("avatar")}
        />
      </div>
      <label className="field">
        <span className="field__label">{t("chat.systemPrompt")}</span>
        <textarea rows={4} value={systemPrompt} onChange={(event) => setSystemPrompt(event.target.value)} />
        {problems.has("systemPrompt") && (
          <p className="field__error" role="alert">
            {errorOf("systemPrompt")}
          </p>
        )}
      </label>
      <div className="assistant-form__model">
        <ModelPicker label={t("chat.model")} value={model} options={modelOptions} onChange={setModel} />
        <span className="field__hint">{t("assistants.modelHint")}</span>
        {problems.has("model") && (
          <p className="field__error" role="alert">
            {errorOf("model")}
          </p>
        )}
      </div>
      <ModelSetField value={modelSetId} onChange={setModelSetId} />
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
        idPrefix="assistant-"
        wireFormat={wireFormat}
        values={sampling}
        onChange={(change) => setSampling((typed) => ({ ...typed, ...change }))}
        errorOf={errorOf}
      />
      <label className="toggle">
        <input type="checkbox" checked={stream} onChange={(event) => setStream(event.target.checked)} />
        <span>{t("chat.stream")}</span>
      </label>
      <AssistantDocuments documents={documents} onChange={setDocuments} error={errorOf("documents")} />
      <fieldset className="tool-servers">
        <legend className="field__label">{t("tools.section")}</legend>
        <ToolServerFields
          servers={toolServers}
          onServers={setToolServers}
          cap={cap}
          onCap={setCap}
          capError={errorOf("tools")}
        />
      </fieldset>
      {problems.size > 1 && <p className="field__error">{t("conversation.invalidFields", { count: problems.size })}</p>}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("assistants.save")}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t("assistants.cancel")}
        </button>
      </div>
      <ActionError actions={[save]} />
    </form>
  );
}
