import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ConversationToolsSchema, type ConversationTools } from "../../../../shared/ipc/conversation-tools.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { issueText } from "../../components/app-text.ts";
import { useMcpServers } from "../settings/mcp-queries.ts";

const toolsKey = (conversationId: string) => ["chat", "tools", conversationId] as const;

/**
 * Conversation settings' Tools: which enabled MCP servers' tools the model is offered, and the
 * most one turn of model rounds may cost (its allowed range said under the field).
 */
export function ConversationToolsFields({ conversationId }: { conversationId: string }) {
  const { data: tools } = useQuery({
    queryKey: toolsKey(conversationId),
    queryFn: () => unwrap(api.chat.tools({ conversationId })),
  });
  return tools ? <ToolsForm conversationId={conversationId} saved={tools} /> : null;
}

function ToolsForm({ conversationId, saved }: { conversationId: string; saved: ConversationTools }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: servers = [] } = useMcpServers();
  const [chosen, setChosen] = useState<string[]>(saved.servers);
  const [cap, setCap] = useState(String(saved.turnCostCap));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (chosenTools: ConversationTools) => unwrap(api.chat.saveTools({ conversationId, tools: chosenTools })),
    onSuccess: (stored) => queryClient.setQueryData(toolsKey(conversationId), stored),
  });
  const submit = () => {
    const parsed = ConversationToolsSchema.safeParse({ ...saved, servers: chosen, turnCostCap: Number(cap) });
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    setProblem(issue ? issueText(issue) : null);
    if (parsed.success) save.mutate(parsed.data);
  };
  const enabled = servers.filter((server) => server.enabled);
  return (
    <fieldset className="conversation-tools">
      <legend className="field__label">{t("tools.section")}</legend>
      <p className="field__hint">{enabled.length > 0 ? t("tools.sectionHint") : t("tools.noServers")}</p>
      {enabled.map((server) => (
        <label key={server.id} className="toggle">
          <input
            type="checkbox"
            checked={chosen.includes(server.id)}
            onChange={(event) =>
              setChosen((now) => (event.target.checked ? [...now, server.id] : now.filter((id) => id !== server.id)))
            }
          />
          <span>{t("tools.useServer", { name: server.name })}</span>
        </label>
      ))}
      <label className="field">
        <span className="field__label">{t("tools.costCap")}</span>
        <input
          type="number"
          min="0"
          step="any"
          inputMode="decimal"
          value={cap}
          onChange={(event) => setCap(event.target.value)}
        />
        <span className="field__hint">{t("tools.costCapHint")}</span>
        {problem && (
          <span className="field__error" role="alert">
            {problem}
          </span>
        )}
      </label>
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
