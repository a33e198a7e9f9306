import { useTranslation } from "../../i18n/use-translation.ts";
import { useBudgetAlerts } from "../../api/alert-queries.ts";
import { alertSentence } from "../../components/alert-sentence.ts";
import "./budget-watch.css";

/** The budget alerts fired this period, on the Budget pane: amber, red once a budget is spent. */
export function BudgetAlertBanner({ profileId }: { readonly profileId: string }) {
  const { t } = useTranslation();
  const { data: alerts } = useBudgetAlerts(profileId);
  const highestOfEach = (alerts ?? []).filter(
    (alert, index, all) => all.findIndex((other) => other.metric === alert.metric) === index,
  );
  if (highestOfEach.length === 0) return null;
  const exhausted = highestOfEach.some((alert) => alert.metric !== "balance" && alert.threshold >= 100);
  return (
    <section
      className={exhausted ? "notice notice--error budget-alerts" : "notice notice--warning budget-alerts"}
      aria-label={t("alerts.title")}
    >
      <ul>
        {highestOfEach.map((alert) => (
          <li key={alert.metric}>{alertSentence(alert, t)}</li>
        ))}
      </ul>
    </section>
  );
}
