import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { BudgetSnapshot } from "../../../../shared/ipc/budget.ts";
import type { ProfileBudget } from "../../../../shared/ipc/budget-overview.ts";
import { useBudgetAlerts } from "../../api/alert-queries.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { errorText } from "../../components/app-text.ts";
import { alertSentence } from "../../components/alert-sentence.ts";
import { formatMoney } from "../../components/format.ts";
import "./budget-watch.css";

const OVERVIEW_KEY = ["budget-overview"] as const;

const money = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? "—" : formatMoney(amount);

function UsedOf({ used, remaining }: { readonly used: number | null; readonly remaining: number | null }) {
  const { t } = useTranslation();
  if (used === null && remaining === null) return <>{t("overview.noBudget")}</>;
  return <>{t("overview.usedLeft", { used: money(used), left: money(remaining) })}</>;
}

function ProfileRow({ row }: { readonly row: ProfileBudget }) {
  const { t } = useTranslation();
  const key = row.snapshot?.balance.api_key;
  return (
    <tr>
      <th scope="row">{row.profileName}</th>
      {row.state === "ok" && key ? (
        <>
          <td className="numeric">{money(row.snapshot?.balance.balance)}</td>
          <td className="numeric">
            <UsedOf used={key.daily_used} remaining={key.daily_remaining} />
          </td>
          <td className="numeric">
            <UsedOf used={key.monthly_used} remaining={key.monthly_remaining} />
          </td>
        </>
      ) : (
        <td colSpan={3} className="muted">
          {row.state === "not-offered"
            ? t("overview.notOffered")
            : t("overview.failed", { code: row.error?.code ?? "", message: row.error ? errorText(row.error) : "" })}
        </td>
      )}
      <td>
        {row.alerts.length === 0
          ? "—"
          : row.alerts
              .filter((alert, index, all) => all.findIndex((other) => other.metric === alert.metric) === index)
              .map((alert) => alertSentence(alert, t))
              .join(" · ")}
      </td>
    </tr>
  );
}

/**
 * The active profile's row from the reading its cards show (and the alerts its banner shows),
 * when that is the newer: the two never disagree on the same pane.
 */
function withActive(
  rows: readonly ProfileBudget[],
  active: BudgetSnapshot | undefined,
  alerts: ProfileBudget["alerts"] | undefined,
): ProfileBudget[] {
  return rows.map((row) => {
    if (!active || row.profileId !== active.profileId) return row;
    const older = row.snapshot === null || Date.parse(row.snapshot.fetchedAt) <= Date.parse(active.fetchedAt);
    return older
      ? { ...row, state: "ok", snapshot: active, error: null, alerts: alerts ?? row.alerts }
      : { ...row, alerts: alerts ?? row.alerts };
  });
}

/** Every profile's balance and budgets side by side, for people with several keys. */
export function ProfilesOverview({ active }: { readonly active: BudgetSnapshot | undefined }) {
  const { t } = useTranslation();
  const { data: alerts } = useBudgetAlerts(active?.profileId ?? null);
  const { data, isFetching, refetch } = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => unwrap(api.budget.overview()),
    // Each row is a balance request of its own key: read on open and on demand, not on every change.
    staleTime: 60_000,
    retry: false,
  });
  return (
    <section className="budget-card" aria-labelledby="overview-title">
      <div className="budget-card__header">
        <h2 id="overview-title">{t("overview.title")}</h2>
        <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
          {t("overview.refresh")}
        </button>
      </div>
      <table className="data-table" aria-labelledby="overview-title">
        <thead>
          <tr>
            <th scope="col">{t("overview.profile")}</th>
            <th scope="col">{t("overview.balance")}</th>
            <th scope="col">{t("overview.today")}</th>
            <th scope="col">{t("overview.month")}</th>
            <th scope="col">{t("overview.alerts")}</th>
          </tr>
        </thead>
        <tbody>
          {withActive(data ?? [], active, alerts).map((row) => (
            <ProfileRow key={row.profileId} row={row} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
