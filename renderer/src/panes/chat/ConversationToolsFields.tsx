import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ConversationToolsSchema, type ConversationTools } from "../../../../shared/ipc/conversation-tools.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { issueText } from "../../components/app-text.ts";
import { chatKeys, useConversationTools } from "./chat-queries.ts";
import { ToolServerFields } from "./ToolServerFields.tsx";

/**
 * Conversation settings' Tools: which servers' tools the model is offered and the turn's cost cap,
 * saved apart from the other settings.
 */
export function ConversationToolsFields({ conversationId }: { conversationId: string }) {
  const { data: tools } = useConversationTools(conversationId);
  return tools ? <ToolsForm conversationId={conversationId} saved={tools} /> : null;
}

function ToolsForm({ conversationId, saved }: { conversationId: string; saved: ConversationTools }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string[]>(saved.servers);
  const [cap, setCap] = useState(String(saved.turnCostCap));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (chosenTools: ConversationTools) => unwrap(api.chat.saveTools({ conversationId, tools: chosenTools })),
    onSuccess: (stored) => queryClient.setQueryData(chatKeys.tools(conversationId), stored),
  });
  const submit = () => {
    const parsed = ConversationToolsSchema.safeParse({ ...saved, servers: chosen, turnCostCap: Number(cap) });
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    setProblem(issue ? issueText(issue) : null);
    if (parsed.success) save.mutate(parsed.data);
  };
  return (
    <fieldset className="tool-servers">
      <legend className="field__label">{t("tools.section")}</legend>
      <ToolServerFields servers={chosen} onServers={setChosen} cap={cap} onCap={setCap} capError={problem} />
      <div className="form-actions">
        <button type="button" className="button" onClick={submit}>
          {t("tools.save")}
        </button>
        {save.isSuccess && <span role="status">{t("tools.saved")}</span>}
      </div>
      <ActionError actions={[save]} />
    </fieldset>
  );
}
