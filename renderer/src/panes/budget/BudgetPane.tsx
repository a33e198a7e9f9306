import { useDeferredValue, useMemo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { errorDetail } from "../../api/api-error.ts";
import { useFeatureMissing } from "../../api/capability-queries.ts";
import { useActiveProfile, useBudget } from "../../api/queries.ts";
import { NotOffered } from "../../components/NotOffered.tsx";
import { ErrorNotice } from "../../components/ErrorNotice.tsx";
import { OtherSpendLine } from "./OtherSpendLine.tsx";
import { formatMoney, formatTime } from "../../components/format.ts";
import { useBalanceHistory } from "../../api/budget-queries.ts";
import type { Balance } from "../../../../shared/gateway-api/balance.ts";
import type { BalanceSample } from "../../../../shared/ipc/budget.ts";
import { BalanceHistory } from "./BalanceHistory.tsx";
import { BudgetAlertBanner } from "./BudgetAlertBanner.tsx";
import { BudgetGauge } from "./BudgetGauge.tsx";
import { PeriodChart } from "./PeriodChart.tsx";
import { timedSamples } from "./period-readings.ts";
import { ProfilesOverview } from "./ProfilesOverview.tsx";
import { PeriodSections } from "./PeriodSections.tsx";
import { RecordedSpend } from "./RecordedSpend.tsx";
import { RateHeadroom } from "./RateHeadroom.tsx";
import { ReadingHeld } from "./ReadingHeld.tsx";
import "./budget.css";

const NO_SAMPLES: readonly BalanceSample[] = [];

type KeyBalance = Balance["api_key"];

/** The key's two budgets, each read from its own fields of the balance answer. */
const BUDGET_PERIODS = [
  {
    period: "day",
    label: "budget.daily",
    emptyLabel: "budget.noDaily",
    of: (key: KeyBalance) => ({
      budget: key.daily_budget,
      used: key.daily_used,
      remaining: key.daily_remaining,
      resetAt: key.daily_reset_at,
    }),
  },
  {
    period: "month",
    label: "budget.monthly",
    emptyLabel: "budget.noMonthly",
    of: (key: KeyBalance) => ({
      budget: key.monthly_budget,
      used: key.monthly_used,
      remaining: key.monthly_remaining,
      resetAt: key.monthly_reset_at,
    }),
  },
] as const;
/** The longest span any chart shows: the 90-day spend range. */
const HISTORY_DAYS = 90;

export function BudgetPane() {
  const { t } = useTranslation();
  const profile = useActiveProfile();
  const balanceMissing = useFeatureMissing("balance");
  const budget = useBudget(profile?.id ?? null, !balanceMissing);
  const snapshot = budget.data;
  const key = snapshot?.balance.api_key;
  const { data: samples = NO_SAMPLES } = useBalanceHistory(snapshot?.profileId ?? null, HISTORY_DAYS);
  // The figures come first; the charts and tables follow, and new readings reach them, in renders
  // React can split into short tasks, so months of history never block the window for long.
  const detailed = useDeferredValue(true, false);
  const deferredSamples = useDeferredValue(samples);
  const timed = useMemo(() => timedSamples(deferredSamples), [deferredSamples]);
  return (
    <section className="pane pane--budget" aria-labelledby="budget-title">
      <header className="pane__header">
        <h1 id="budget-title" className="pane__title">
          {t("budget.title")}
        </h1>
        {profile && !balanceMissing && (
          <div className="pane__header-actions">
            {budget.isFetching && <ReadingHeld profileId={profile.id} />}
            <button type="button" className="button" onClick={() => void budget.refetch()} disabled={budget.isFetching}>
              {t("budget.refresh")}
            </button>
          </div>
        )}
      </header>
      {!profile && <p className="empty-state">{t("budget.noProfile")}</p>}
      {profile && <BudgetAlertBanner profileId={profile.id} />}
      {balanceMissing && <NotOffered feature="balance" />}
      {profile && balanceMissing && (
        <>
          <RecordedSpend profileId={profile.id} />
          <PeriodSections profileId={profile.id} />
        </>
      )}
      {budget.isError && <ErrorNotice key={budget.errorUpdatedAt} error={errorDetail(budget.error)} />}
      {profile && !balanceMissing && budget.isPending && (
        <div className="skeleton" aria-busy="true" aria-label={t("budget.loading")}>
          <div className="skeleton__block skeleton__block--wide" />
          <div className="skeleton__block" />
          <div className="skeleton__block" />
        </div>
      )}
      {snapshot && key && (
        <>
          <section className="balance" aria-labelledby="balance-title">
            <h2 id="balance-title" className="balance__label">
              {t("budget.balance")}
            </h2>
            <p className="balance__amount" data-testid="balance-amount">
              {formatMoney(snapshot.balance.balance, snapshot.balance.currency)}
            </p>
            <p className="balance__currency">{snapshot.balance.currency}</p>
            <p className="balance__key">
              {t("budget.key")}: <strong data-testid="key-name">{key.name}</strong>
            </p>
            {snapshot.otherSpend && <OtherSpendLine otherSpend={snapshot.otherSpend} />}
            {(snapshot.unconfirmedToday ?? 0) > 0 && (
              <p className="balance__other" data-testid="unconfirmed-readings" role="note">
                {t("spend.unconfirmed", { amount: formatMoney(snapshot.unconfirmedToday ?? 0) })}
              </p>
            )}
          </section>
          <div className="gauges">
            {BUDGET_PERIODS.map(({ period, label, emptyLabel, of }) => {
              const { budget: limit, used, remaining, resetAt } = of(key);
              return (
                <BudgetGauge
                  key={period}
                  label={t(label)}
                  emptyLabel={t(emptyLabel)}
                  budget={limit}
                  used={used}
                  remaining={remaining}
                  resetAt={resetAt}
                >
                  {detailed && limit !== null && used !== null && resetAt && (
                    <PeriodChart
                      period={period}
                      samples={timed}
                      used={used}
                      budget={limit}
                      resetAt={resetAt}
                      readAt={snapshot.fetchedAt}
                    />
                  )}
                </BudgetGauge>
              );
            })}
          </div>
          {detailed && (
            <>
              <BalanceHistory samples={timed} balance={snapshot.balance.balance} readAt={snapshot.fetchedAt} />
              <PeriodSections profileId={snapshot.profileId} />
              <div className="budget-cards">
                <RateHeadroom profileId={snapshot.profileId} />
                <ProfilesOverview active={snapshot} />
              </div>
            </>
          )}
          <p className="pane__footnote" aria-live="polite">
            {budget.isFetching
              ? t("budget.refreshing")
              : t("budget.lastUpdated", { time: formatTime(snapshot.fetchedAt) })}
          </p>
        </>
      )}
    </section>
  );
}
