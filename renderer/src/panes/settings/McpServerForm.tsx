import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { McpServerInputSchema, type McpServerView } from "../../../../shared/ipc/mcp.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { FormField } from "../../components/FormField.tsx";
import { formIssue } from "../../components/form-issue.ts";
import { fieldOf, SubmitProblem, type FieldProblem } from "../../components/SubmitProblem.tsx";
import { draftOf, inputOf, type McpDraft } from "./mcp-draft.ts";
import { useSaveMcpServer } from "./mcp-queries.ts";
import { McpRowsField } from "./McpRowsField.tsx";

interface McpServerFormProps {
  /** null: a new server. */
  readonly server: McpServerView | null;
  onDone(saved: boolean): void;
}

/** Add or edit an MCP server: stdio (command, arguments, environment) or Streamable HTTP (URL, headers). */
export function McpServerForm({ server, onDone }: McpServerFormProps) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLElement>("input")?.focus(), []);
  const [draft, setDraft] = useState<McpDraft>(() => draftOf(server));
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const save = useSaveMcpServer();
  const title = server ? t("mcp.editServer") : t("mcp.newServer");
  const edit = (patch: Partial<McpDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const errorOf = (field: string) => (problem?.field === field ? problem.message : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = McpServerInputSchema.safeParse(inputOf(draft, server?.id));
    if (!parsed.success) {
      const issue = formIssue(parsed.error);
      setProblem({ field: fieldOf(issue.path), message: issue.message });
      return;
    }
    setProblem(null);
    save.mutate(parsed.data, { onSuccess: () => onDone(true) });
  };

  return (
    <form
      ref={form}
      className="profile-form mcp-form"
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
      <FormField
        id="mcp-name"
        name="name"
        label={t("mcp.name")}
        value={draft.name}
        onChange={(name) => edit({ name })}
        error={errorOf("name")}
      />
      <label className="field">
        <span className="field__label">{t("mcp.transport")}</span>
        <select
          value={draft.kind}
          onChange={(event) => edit({ kind: event.target.value === "http" ? "http" : "stdio" })}
        >
          <option value="stdio">{t("mcp.stdio")}</option>
          <option value="http">{t("mcp.http")}</option>
        </select>
      </label>
      {draft.kind === "stdio" ? (
        <>
          <FormField
            id="mcp-command"
            name="transport.command"
            label={t("mcp.command")}
            spellCheck={false}
            value={draft.command}
            onChange={(command) => edit({ command })}
            hint={t("mcp.commandHint")}
            error={errorOf("transport.command")}
          />
          <label className="field">
            <span className="field__label">{t("mcp.args")}</span>
            <textarea
              name="transport.args"
              rows={3}
              spellCheck={false}
              aria-describedby="mcp-args-hint"
              value={draft.args}
              onChange={(event) => edit({ args: event.target.value })}
            />
            <span className="field__hint" id="mcp-args-hint">
              {t("mcp.argsHint")}
            </span>
          </label>
          <McpRowsField
            list="env"
            legend={t("mcp.env")}
            addLabel={t("mcp.addVariable")}
            rows={draft.env}
            onChange={(env) => edit({ env })}
          />
        </>
      ) : (
        <>
          <FormField
            id="mcp-url"
            name="transport.url"
            label={t("mcp.url")}
            inputMode="url"
            spellCheck={false}
            placeholder="https://mcp.example.com/mcp"
            value={draft.url}
            onChange={(url) => edit({ url })}
            error={errorOf("transport.url")}
          />
          <McpRowsField
            list="headers"
            legend={t("mcp.headers")}
            addLabel={t("mcp.addHeader")}
            rows={draft.headers}
            onChange={(headers) => edit({ headers })}
          />
        </>
      )}
      <label className="toggle">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => edit({ enabled: event.target.checked })} />
        <span>{t("mcp.enabled")}</span>
      </label>
      <SubmitProblem
        problem={problem}
        form={form}
        echoesField={["name", "transport.command", "transport.url"].includes(problem?.field ?? "")}
      />
      <ActionError actions={[save]} />
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {t("mcp.save")}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t("mcp.cancel")}
        </button>
      </div>
    </form>
  );
}
