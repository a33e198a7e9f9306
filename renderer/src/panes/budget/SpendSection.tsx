import { useMemo } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import type { SpendRow } from "../../../../shared/ipc/ledger.ts";
import { useAllProfilesSpend, useSpend } from "../../api/budget-queries.ts";
import type { BudgetScope, PeriodDays } from "./budget-period.ts";
import { SpendChart } from "./SpendChart.tsx";
import type { ScopedSpendRow } from "./spend-series.ts";

const NO_ROWS: readonly SpendRow[] = [];

interface SpendChartsProps {
  readonly rows: readonly ScopedSpendRow[];
  readonly period: PeriodDays;
  readonly label: string;
  /** The profiles' names, where the rows are of every profile: a chart by profile comes first. */
  readonly profiles?: ReadonlyMap<string, string>;
}

function SpendCharts({ rows, period, label, profiles }: SpendChartsProps) {
  const { t } = useTranslation();
  const lastDay = useMemo(() => {
    const [year = 0, month = 1, day = 1] = period.last.split("-").map(Number);
    return new Date(year, month - 1, day);
  }, [period.last]);
  const chart = { rows, profiles, days: period.days, today: lastDay, period: label };
  return (
    <div className="spend">
      {profiles && <SpendChart id="spend-profile" title={t("spend.byProfile")} groupBy="profile" {...chart} />}
      <SpendChart id="spend-model" title={t("spend.byModel")} groupBy="model" {...chart} />
      <SpendChart id="spend-kind" title={t("spend.byKind")} groupBy="kind" {...chart} />
    </div>
  );
}

function ProfileSpend({ profileId, ...rest }: Omit<SpendChartsProps, "rows" | "profiles"> & { profileId: string }) {
  const { data: rows = NO_ROWS } = useSpend(profileId, rest.period.days, rest.period.last);
  return <SpendCharts rows={rows} {...rest} />;
}

function AllProfilesSpend(props: Omit<SpendChartsProps, "rows" | "profiles">) {
  const { rows, names } = useAllProfilesSpend(props.period.days, props.period.last);
  return <SpendCharts rows={rows} profiles={names} {...props} />;
}

/**
 * Spend per day by model and by kind over the Budget pane's period, of the profile or of every
 * profile (then also by profile, summed); `label` names the period ("in 7 days", "this month").
 */
export function SpendSection({
  scope,
  profileId,
  period,
  label,
}: {
  scope: BudgetScope;
  profileId: string;
  period: PeriodDays;
  label: string;
}) {
  return scope === "all" ? (
    <AllProfilesSpend period={period} label={label} />
  ) : (
    <ProfileSpend profileId={profileId} period={period} label={label} />
  );
}
