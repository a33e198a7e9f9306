import { useTranslation } from "../../i18n/use-translation.ts";
import { useMcpServers } from "../settings/mcp-queries.ts";
import "./tool-servers.css";

interface ToolServerFieldsProps {
  readonly servers: readonly string[];
  onServers(servers: string[]): void;
  /** The cost cap as typed; checked by the form that saves it. */
  readonly cap: string;
  onCap(cap: string): void;
  readonly capError: string | null;
}

/**
 * Which enabled MCP servers' tools a model is offered, and the most one turn of model rounds may
 * cost (its allowed range said under the field): a conversation's Tools, and an assistant's.
 */
export function ToolServerFields({ servers: chosen, onServers, cap, onCap, capError }: ToolServerFieldsProps) {
  const { t } = useTranslation();
  const { data: servers = [] } = useMcpServers();
  const enabled = servers.filter((server) => server.enabled);
  return (
    <>
      <p className="field__hint">{enabled.length > 0 ? t("tools.sectionHint") : t("tools.noServers")}</p>
      {enabled.map((server) => (
        <label key={server.id} className="toggle">
          <input
            type="checkbox"
            checked={chosen.includes(server.id)}
            onChange={(event) =>
              onServers(event.target.checked ? [...chosen, server.id] : chosen.filter((id) => id !== server.id))
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
          onChange={(event) => onCap(event.target.value)}
        />
        <span className="field__hint">{t("tools.costCapHint")}</span>
        {capError && (
          <span className="field__error" role="alert">
            {capError}
          </span>
        )}
      </label>
    </>
  );
}
