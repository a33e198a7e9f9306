import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { LEDGER_KINDS } from "../../../../shared/ipc/ledger.ts";
import { requestsPage } from "../../api/budget-queries.ts";
import { onOption } from "../../components/select-option.ts";
import { CsvExport } from "./CsvExport.tsx";
import { EMPTY_DRAFT, ledgerFilter, type RequestsDraft } from "./requests-filter.ts";
import type { BudgetScope, PeriodDays } from "./budget-period.ts";
import { DateField } from "./DateField.tsx";
import { RequestsTable } from "./RequestsTable.tsx";
import "./requests.css";

const OUTCOMES = ["", "ok", "error"] as const;
const KINDS = ["", ...LEDGER_KINDS] as const;

/**
 * Every gateway call of the profile in the pane's period (its own From and To, where set, take the
 * place of the period's): filters, a search by request id, the table and its CSV.
 */
export function RequestsSection({
  profileId,
  period,
  scope,
}: {
  profileId: string;
  period: PeriodDays;
  scope: BudgetScope;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<RequestsDraft>(EMPTY_DRAFT);
  // Typing a request id refilters after the keystroke has painted.
  const deferred = useDeferredValue(draft);
  const filter = ledgerFilter(
    { ...deferred, from: deferred.from || period.first, to: deferred.to || period.last },
    profileId,
  );
  // The models of the whole ledger, from the unfiltered first page, so choosing one keeps the others offered.
  const { data: models = [] } = useQuery({
    ...requestsPage(profileId, { profileId }, 0),
    select: (page) => page.models,
  });
  const change =
    <K extends keyof RequestsDraft>(field: K) =>
    (value: RequestsDraft[K]) =>
      setDraft((current) => ({ ...current, [field]: value }));

  return (
    <section className="budget-card" aria-labelledby="requests-title">
      <header className="budget-card__header">
        <h2 id="requests-title" className="gauge__title">
          {t("requests.title")}
        </h2>
        <CsvExport filter={filter} />
      </header>
      {scope === "all" && <p className="muted">{t("requests.activeOnly")}</p>}
      <div className="requests__filters" role="group" aria-label={t("requests.filters")}>
        <label className="requests__field">
          <span>{t("requests.columns.model")}</span>
          <select value={draft.model} onChange={(event) => change("model")(event.target.value)}>
            <option value="">{t("requests.any")}</option>
            {[...new Set([...models, ...(draft.model ? [draft.model] : [])])].map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
        </label>
        <label className="requests__field">
          <span>{t("requests.columns.kind")}</span>
          <select value={draft.kind} onChange={onOption(KINDS, change("kind"))}>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind ? t(`spend.kind.${kind}`) : t("requests.any")}
              </option>
            ))}
          </select>
        </label>
        <label className="requests__field">
          <span>{t("requests.columns.status")}</span>
          <select value={draft.outcome} onChange={onOption(OUTCOMES, change("outcome"))}>
            {OUTCOMES.map((outcome) => (
              <option key={outcome} value={outcome}>
                {t(`requests.outcome.${outcome || "any"}`)}
              </option>
            ))}
          </select>
        </label>
        <DateField label={t("requests.from")} value={draft.from} onChange={change("from")} />
        <DateField label={t("requests.to")} value={draft.to} onChange={change("to")} />
        <label className="requests__field">
          <span>{t("requests.search")}</span>
          <input
            type="search"
            value={draft.requestId}
            placeholder="req_…"
            onChange={(event) => change("requestId")(event.target.value)}
          />
        </label>
        <label className="requests__field requests__toggle">
          <input
            type="checkbox"
            checked={draft.background}
            onChange={(event) => change("background")(event.target.checked)}
          />
          <span>{t("requests.showBackground")}</span>
        </label>
      </div>
      <RequestsTable profileId={profileId} filter={filter} />
    </section>
  );
}
