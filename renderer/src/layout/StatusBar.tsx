import { useTranslation } from "react-i18next";
import { useActiveProfile, useBudget } from "../api/queries.ts";
import { formatMoney } from "../components/format.ts";
import { useRunningTaskCount } from "../api/task-queries.ts";

export function StatusBar() {
  const { t } = useTranslation();
  const profile = useActiveProfile();
  const { data } = useBudget(profile?.id ?? null);
  const dailyRemaining = data?.balance.api_key.daily_remaining;
  const running = useRunningTaskCount();
  return (
    <footer className="status-bar" aria-label={t("status.bar")}>
      <span>{profile?.name ?? t("profile.none")}</span>
      <span>
        {data?.rateLimit ? t("status.requestsLeft", { count: data.rateLimit.remaining }) : t("status.requestsUnknown")}
      </span>
      <span>
        {dailyRemaining === null || dailyRemaining === undefined
          ? t("status.noDailyBudget")
          : t("status.dailyRemaining", { amount: formatMoney(dailyRemaining) })}
      </span>
      <span>{t("tasks.running", { count: running })}</span>
    </footer>
  );
}
