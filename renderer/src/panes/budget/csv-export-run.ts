import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { CsvExportCursor, CsvExportPage, LedgerFilter } from "../../../../shared/ipc/ledger.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { saveBlob } from "../../components/save-blob.ts";

export interface ExportProgress {
  readonly done: number;
  readonly total: number;
}

/**
 * The Requests table's CSV, fetched a part at a time (500 rows each, a few milliseconds of
 * the main process) and kept as Blobs as the parts arrive, so neither side holds its thread for the
 * whole file: a month of heavy use is 100,000 rows and some 20 MB. Saved once every part is in;
 * a cancelled export stops before its next part and saves nothing.
 */
export function useCsvExport() {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<{ cancelled: boolean } | null>(null);
  const run = useMutation({
    mutationFn: async (filter: LedgerFilter) => {
      const current = { cancelled: false };
      running.current = current;
      setProgress({ done: 0, total: 0 });
      try {
        const parts: Blob[] = [];
        let after: CsvExportCursor | null = null;
        let total = 0;
        for (;;) {
          const part: CsvExportPage = await unwrap(api.budget.exportCsvPage({ ...filter, after }));
          if (current.cancelled) return;
          parts.push(new Blob([part.text]));
          total = part.total ?? total;
          after = part.next;
          setProgress({ done: after?.rows ?? total, total });
          if (after === null) return saveBlob(part.fileName, new Blob(parts, { type: "text/csv" }));
        }
      } finally {
        if (running.current === current) running.current = null;
        setProgress(null);
      }
    },
  });
  const cancel = () => {
    if (running.current) running.current.cancelled = true;
  };
  return { run, progress, cancel };
}
