import { useId, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { AssistantsImported } from "../../../../shared/ipc/assistants.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { sayText } from "../../components/app-text.ts";
import { useExportAssistants, useImportAssistants } from "../chat/assistant-queries.ts";

/** What an import did: how many were added, and each one skipped with its place in the file and why. */
function ImportResult({ result }: { result: AssistantsImported }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="assistant-transfer__result">
      <p>{t("assistants.imported", { count: result.imported.length })}</p>
      {result.skipped.length > 0 && (
        <>
          <p className="assistant-transfer__skipped-title">{t("assistants.skippedTitle")}</p>
          <ul className="assistant-transfer__skipped">
            {result.skipped.map(({ index, name, reason }) => (
              <li key={index}>
                {t(name ? "assistants.skippedNamed" : "assistants.skippedUnnamed", {
                  number: index + 1,
                  name,
                  reason: sayText(reason),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Import assistants from a file (one or many, added as new ones), and export them all to one. */
export function AssistantTransfer() {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const importing = useImportAssistants();
  const exporting = useExportAssistants();
  return (
    <div className="assistant-transfer">
      <div className="assistant-transfer__bar">
        <button
          type="button"
          className="button"
          aria-describedby={hintId}
          disabled={importing.isPending}
          onClick={() => picker.current?.click()}
        >
          {t("assistants.importAll")}
        </button>
        <button type="button" className="button" onClick={() => exporting.mutate(undefined)}>
          {t("assistants.exportAll")}
        </button>
        <span id={hintId} className="field__hint">
          {t("assistants.fileHint")}
        </span>
        <input
          ref={picker}
          type="file"
          accept=".json,application/json"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          data-testid="assistants-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) importing.mutate(file);
          }}
        />
      </div>
      {importing.data && <ImportResult result={importing.data} />}
      <ActionError actions={[importing, exporting]} />
    </div>
  );
}
