import { useTranslation } from "../../i18n/use-translation.ts";
import { McpServerInputSchema, type McpServerView } from "../../../../shared/ipc/mcp.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { ConfirmButton } from "../../components/ConfirmButton.tsx";
import { withEnabled } from "./mcp-draft.ts";
import { useSaveMcpServer, useTestMcpServer } from "./mcp-queries.ts";
import { McpTestResult } from "./McpTestResult.tsx";

interface McpServerCardProps {
  readonly server: McpServerView;
  onEdit(): void;
  onRemove(): void;
}

/** Where a server is: its command line, or its URL; and how many secrets it keeps (never what they are). */
function summaryOf({ transport }: McpServerView): { where: string; secrets: number } {
  const rows = transport.kind === "stdio" ? transport.env : transport.headers;
  const where = transport.kind === "stdio" ? [transport.command, ...transport.args].join(" ") : transport.url;
  return { where, secrets: rows.filter((row) => row.secret && row.saved).length };
}

/** One MCP server in Settings: where it runs, Enabled, Edit, Remove and Test server with what it found. */
export function McpServerCard({ server, onEdit, onRemove }: McpServerCardProps) {
  const { t } = useTranslation();
  const test = useTestMcpServer(server.id);
  const save = useSaveMcpServer();
  const named = (action: string) => `${action}: ${server.name}`;
  const { where, secrets } = summaryOf(server);
  // A server the form would refuse as it stands (a settings file edited by hand) opens in the form instead.
  const setEnabled = (enabled: boolean) => {
    const input = McpServerInputSchema.safeParse(withEnabled(server, enabled));
    if (input.success) save.mutate(input.data);
    else onEdit();
  };
  return (
    <li className="profile-card mcp-card" aria-label={server.name}>
      <div className="profile-card__main">
        <strong>{server.name}</strong>
        <span className="chip">{server.transport.kind === "stdio" ? "stdio" : "HTTP"}</span>
        {!server.enabled && <span className="chip">{t("mcp.disabled")}</span>}
        <code className="profile-card__meta mcp-card__where">{where}</code>
        {secrets > 0 && <span className="profile-card__meta">{t("mcp.secretsSaved", { count: secrets })}</span>}
      </div>
      <div className="profile-card__actions">
        <label className="toggle">
          <input
            type="checkbox"
            aria-label={named(t("mcp.enabled"))}
            checked={server.enabled}
            disabled={save.isPending}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          <span aria-hidden="true">{t("mcp.enabled")}</span>
        </label>
        <button type="button" className="button" aria-label={named(t("mcp.edit"))} onClick={onEdit}>
          {t("mcp.edit")}
        </button>
        <ConfirmButton
          label={t("mcp.remove")}
          accessibleName={named(t("mcp.remove"))}
          className="button button--danger"
          title={t("mcp.confirmRemove", { name: server.name })}
          message={t("mcp.removeExplained")}
          confirmLabel={t("mcp.remove")}
          cancelLabel={t("mcp.keep")}
          onConfirm={onRemove}
        />
        <button
          type="button"
          className="button"
          aria-label={named(t("mcp.test"))}
          disabled={test.isPending}
          onClick={() => test.mutate()}
        >
          {test.isPending ? t("mcp.testing") : t("mcp.test")}
        </button>
      </div>
      <ActionError actions={[save]} />
      <McpTestResult name={server.name} result={test.data} error={test.error} />
    </li>
  );
}
