import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { ChatSettings } from "../../../../shared/ipc/chat.ts";
import { AssistantInputSchema } from "../../../../shared/ipc/assistants.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { formIssue } from "../../components/form-issue.ts";
import { useSaveAssistant } from "./assistant-queries.ts";
import { useConversationTools } from "./chat-queries.ts";
import { NameAndSave } from "./NameAndSave.tsx";
import "./save-as-assistant.css";

interface SaveAsAssistantProps {
  readonly conversationId: string;
  /** The settings as the drawer's form has them, or null when the form refused them (and said why). */
  current(): ChatSettings | null;
}

/**
 * In the conversation's settings: keeps them, with the conversation's saved tools, under a name
 * asked for here, as a new assistant.
 */
export function SaveAsAssistant({ conversationId, current }: SaveAsAssistantProps) {
  const { t } = useTranslation();
  const { data: tools } = useConversationTools(conversationId);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [savedName, setSavedName] = useState<string | null>(null);
  const save = useSaveAssistant();

  const submit = () => {
    const settings = current();
    if (!settings) return;
    const { systemPrompt, model, wireFormat, temperature, topP, maxTokens, stream } = settings;
    const parsed = AssistantInputSchema.safeParse({
      name,
      avatar: "",
      systemPrompt,
      model,
      modelSetId: null,
      wireFormat,
      temperature,
      topP,
      maxTokens,
      stream,
      documents: [],
      ...(tools ? { tools: { servers: tools.servers, turnCostCap: tools.turnCostCap } } : {}),
    });
    if (!parsed.success) {
      setError(formIssue(parsed.error).message);
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: (assistant) => {
        setSavedName(assistant.name);
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
    <div className="save-as-assistant">
      <div className="save-as-assistant__bar">
        <button
          type="button"
          className="button"
          aria-expanded={naming}
          onClick={() => {
            setSavedName(null);
            setNaming(!naming);
          }}
        >
          {t("assistants.saveAs")}
        </button>
        {savedName && <span role="status">{t("assistants.savedAs", { name: savedName })}</span>}
      </div>
      {naming && (
        <NameAndSave
          title={t("assistants.saveAs")}
          id="save-as-assistant-name"
          label={t("assistants.name")}
          name={name}
          onNameChange={setName}
          error={error}
          saving={save.isPending}
          saveLabel={t("assistants.save")}
          cancelLabel={t("assistants.cancel")}
          onSave={submit}
          onCancel={cancel}
          className="save-as-assistant__naming"
        />
      )}
      <ActionError actions={[save]} />
    </div>
  );
}
