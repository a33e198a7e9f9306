import { useTranslation } from "../../i18n/use-translation.ts";
import type { McpTest } from "../../../../shared/ipc/mcp.ts";
import { errorDetail } from "../../api/api-error.ts";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";

/** What Test server found: the tools with their descriptions, or the error with the server's stderr tail. */
export function McpTestResult({ name, result, error }: { name: string; result?: McpTest; error: Error | null }) {
  const { t } = useTranslation();
  if (error) {
    const detail = errorDetail(error);
    const stderr = detail.text?.params.stderr;
    return (
      <div className="mcp-test">
        <ErrorNotice error={detail} />
        {typeof stderr === "string" && stderr !== "" && (
          <figure className="mcp-test__stderr">
            <figcaption>{t("mcp.stderr")}</figcaption>
            <pre tabIndex={0}>{stderr}</pre>
          </figure>
        )}
      </div>
    );
  }
  if (!result) return null;
  return (
    <div className="mcp-test" role="status">
      <p className="connection-test__ok">
        {t("mcp.toolCount", { count: result.tools.length, ms: result.ms })}
        {result.leftOut > 0 && ` ${t("mcp.leftOut", { count: result.leftOut })}`}
      </p>
      <ul className="mcp-test__tools" aria-label={t("mcp.toolsOf", { name })} tabIndex={0}>
        {result.tools.map((tool) => (
          <li key={tool.name}>
            <code>{tool.name}</code> <span>{tool.description || t("mcp.noDescription")}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
