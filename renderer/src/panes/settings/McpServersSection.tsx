import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionError } from "../../components/ActionError.tsx";
import { useMcpServers, useRemoveMcpServer } from "./mcp-queries.ts";
import { McpServerCard } from "./McpServerCard.tsx";
import { McpServerForm } from "./McpServerForm.tsx";
import "./mcp.css";

/** Settings' MCP servers: the list, with add, edit, enable, remove and Test server. */
export function McpServersSection() {
  const { t } = useTranslation();
  const { data: servers } = useMcpServers();
  const remove = useRemoveMcpServer();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [saved, setSaved] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const edited = servers?.find((server) => server.id === editing) ?? null;

  const startEditing = (id: string | "new") => {
    setSaved(false);
    setEditing(id);
  };
  const done = (wasSaved: boolean) => {
    setSaved(wasSaved);
    setEditing(null);
    addButton.current?.focus();
  };

  return (
    <section aria-labelledby="mcp-title" className="settings-section">
      <div className="settings-section__header">
        <h2 id="mcp-title">{t("mcp.title")}</h2>
        <button ref={addButton} type="button" className="button" onClick={() => startEditing("new")}>
          {t("mcp.add")}
        </button>
      </div>
      <p className="settings-section__intro">{t("mcp.intro")}</p>
      <ActionError actions={[remove]} />
      {servers?.length === 0 && <p className="empty-state">{t("mcp.none")}</p>}
      <ul className="profile-list">
        {servers?.map((server) => (
          <McpServerCard
            key={server.id}
            server={server}
            onEdit={() => startEditing(server.id)}
            onRemove={() => {
              if (editing === server.id) setEditing(null);
              remove.mutate(server.id);
            }}
          />
        ))}
      </ul>
      {saved && editing === null && <p role="status">{t("mcp.saved")}</p>}
      {editing !== null && (editing === "new" || edited) && (
        <McpServerForm key={editing} server={editing === "new" ? null : edited} onDone={done} />
      )}
    </section>
  );
}
