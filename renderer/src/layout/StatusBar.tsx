import { useEffect } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { budgetLevel } from "../components/budget-level.ts";
import { useFeatureMissing } from "../api/capability-queries.ts";
import { errorDetail } from "../api/api-error.ts";
import { useActiveProfile, useBudget } from "../api/queries.ts";
import { formatMoney } from "../components/format.ts";
import { useRunningTaskCount } from "../api/task-queries.ts";
import { useDataUpkeep } from "../api/data-upkeep-query.ts";
import "./status-bar.css";

/** Errors that say the server could not be reached at all, rather than that it answered with a refusal. */
const UNREACHABLE_CODES: readonly string[] = ["NETWORK_ERROR", "TIMEOUT"];

export function StatusBar() {
  const { t } = useTranslation();
  const profile = useActiveProfile();
  const balanceMissing = useFeatureMissing("balance");
  const { data, error } = useBudget(profile?.id ?? null, !balanceMissing);
  // The minute's reading could not reach the server: said once, here, rather than on every pane.
  const unreachable = error !== null && UNREACHABLE_CODES.includes(errorDetail(error).code);
  const dailyRemaining = data?.balance.api_key.daily_remaining;
  // Without a reading (no balance endpoint, or it failed) the budget is unknown, not absent.
  const budgetText = !data
    ? t("status.budgetUnknown")
    : dailyRemaining === null || dailyRemaining === undefined
      ? t("status.noDailyBudget")
      : t("status.dailyRemaining", { amount: formatMoney(dailyRemaining) });
  const upkeep = useDataUpkeep();
  const running = useRunningTaskCount();
  const runningText = t("tasks.running", { count: running });
  useEffect(() => {
    document.title = `ModelDesk — ${budgetText} · ${runningText}`;
  }, [budgetText, runningText]);
  const level = data ? budgetLevel(data.balance) : "ok";
  return (
    <footer className="status-bar" aria-label={t("status.bar")}>
      <span>{profile?.name ?? t("profile.none")}</span>
      <span>
        {data?.rateLimit ? t("status.requestsLeft", { count: data.rateLimit.remaining }) : t("status.requestsUnknown")}
      </span>
      <span className={`status-bar__budget status-bar__budget--${level}`} data-level={level}>
        {budgetText}
      </span>
      <span>{runningText}</span>
      {/* Announced, but not a status of its own: the bar's one status is the gateway's reachability. */}
      <span className="status-bar__upkeep" aria-live="polite">
        {upkeep.work && t(`dataUpkeep.${upkeep.work}`)}
      </span>
      {upkeep.damaged && (
        <span className="status-bar__damaged" role="alert">
          {t("dataUpkeep.damaged")}
        </span>
      )}
      {unreachable && (
        <span className="status-bar__unreachable" role="status">
          {t("status.unreachable")}
        </span>
      )}
    </footer>
  );
}
