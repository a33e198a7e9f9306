import { useTranslation } from "../../i18n/use-translation.ts";
import { newRow, type RowDraft } from "./mcp-draft.ts";

interface McpRowsFieldProps {
  /** `env` or `headers`: the field path its controls are named under. */
  readonly list: "env" | "headers";
  readonly legend: string;
  readonly addLabel: string;
  readonly rows: readonly RowDraft[];
  onChange(rows: readonly RowDraft[]): void;
}

/**
 * Variables or headers: a name, a value and whether it is secret. A saved secret's value is never
 * shown: its field says it is saved, and left empty keeps it.
 */
export function McpRowsField({ list, legend, addLabel, rows, onChange }: McpRowsFieldProps) {
  const { t } = useTranslation();
  const change = (key: number, patch: Partial<RowDraft>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const label = (index: number, field: string) => t("mcp.rowLabel", { list: legend, index: index + 1, field });
  return (
    <fieldset className="mcp-rows">
      <legend>{legend}</legend>
      {rows.map((row, index) => (
        <div key={row.key} className="mcp-rows__row">
          <input
            name={`transport.${list}.${index}.name`}
            aria-label={label(index, t("mcp.rowName"))}
            placeholder={t("mcp.rowName")}
            spellCheck={false}
            value={row.name}
            onChange={(event) => change(row.key, { name: event.target.value })}
          />
          <input
            name={`transport.${list}.${index}.value`}
            aria-label={label(index, t("mcp.rowValue"))}
            type={row.secret ? "password" : "text"}
            autoComplete="off"
            spellCheck={false}
            placeholder={row.secret && row.saved ? t("mcp.secretSaved") : t("mcp.rowValue")}
            title={row.secret && row.saved ? t("mcp.secretKeepHint") : undefined}
            value={row.value}
            onChange={(event) => change(row.key, { value: event.target.value })}
          />
          <label className="toggle">
            <input
              type="checkbox"
              aria-label={label(index, t("mcp.secret"))}
              checked={row.secret}
              onChange={(event) => change(row.key, { secret: event.target.checked })}
            />
            <span aria-hidden="true">{t("mcp.secret")}</span>
          </label>
          <button
            type="button"
            className="button"
            aria-label={`${legend}: ${t("mcp.removeRow", { index: index + 1 })}`}
            onClick={() => onChange(rows.filter((candidate) => candidate.key !== row.key))}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" className="button" onClick={() => onChange([...rows, newRow()])}>
        {addLabel}
      </button>
    </fieldset>
  );
}
