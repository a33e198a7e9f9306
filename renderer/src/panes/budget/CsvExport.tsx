import type { LedgerFilter } from "../../../../shared/ipc/ledger.ts";
import { useTranslation } from "../../i18n/use-translation.ts";
import { ActionError } from "../../components/ActionError.tsx";
import { formatCount } from "../../components/format.ts";
import { useCsvExport } from "./csv-export-run.ts";

/**
 * Export CSV, and while it runs how far it has come with a way to stop it. Its progress is drawn
 * here alone: the Requests table beside it is not drawn again at every part.
 */
export function CsvExport({ filter }: { filter: LedgerFilter }) {
  const { t } = useTranslation();
  const { run, progress, cancel } = useCsvExport();
  const rows =
    progress && t("requests.exportRows", { done: formatCount(progress.done), total: formatCount(progress.total) });
  return (
    <div className="requests__export">
      {progress && (
        <>
          <progress
            aria-label={t("requests.exportProgress")}
            aria-valuetext={rows ?? undefined}
            value={progress.done}
            max={Math.max(progress.total, 1)}
          />
          <span className="muted">{rows}</span>
          <button type="button" className="button" onClick={cancel}>
            {t("requests.exportCancel")}
          </button>
        </>
      )}
      <button type="button" className="button" disabled={run.isPending} onClick={() => run.mutate(filter)}>
        {t("requests.export")}
      </button>
      <ActionError actions={[run]} />
    </div>
  );
}
