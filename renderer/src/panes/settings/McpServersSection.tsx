import { useTranslation } from "../../i18n/use-translation.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { useMcpServers, useRemoveMcpServer } from "./mcp-queries.ts";
import { McpServerCard } from "./McpServerCard.tsx";
import { McpServerForm } from "./McpServerForm.tsx";
import { useListEditor } from "./use-list-editor.ts";
import "./mcp.css";

/** Settings' MCP servers: the list, with add, edit, enable, remove and Test server. */
export function McpServersSection() {
  const { t } = useTranslation();
  const { data: servers } = useMcpServers();
  const remove = useRemoveMcpServer();
  const { editing, edited, open, savedShown, addButton, start, done, removed } = useListEditor(servers);

  return (
    <section aria-labelledby="mcp-title" className="settings-section">
      <div className="settings-section__header">
        <h2 id="mcp-title">{t("mcp.title")}</h2>
        <button ref={addButton} type="button" className="button" onClick={() => start("new")}>
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
            onEdit={() => start(server.id)}
            onRemove={() => {
              removed(server.id);
              remove.mutate(server.id);
            }}
          />
        ))}
      </ul>
      {savedShown && <p role="status">{t("mcp.saved")}</p>}
      {open && <McpServerForm key={editing} server={edited} onDone={done} />}
    </section>
  );
}
