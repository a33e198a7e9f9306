import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { useNow } from "../../components/use-now.ts";
import { DEFAULT_PERIOD, periodDays, type BudgetScope } from "./budget-period.ts";
import { PeriodControl, periodLabel } from "./PeriodControl.tsx";
import { RequestsSection } from "./RequestsSection.tsx";
import { SpendSection } from "./SpendSection.tsx";

/**
 * What the Budget pane's period drives: spend by model and by kind per day (of this profile or of
 * every profile), the Requests table and its CSV (of this profile: each row is a call of its key).
 */
export function PeriodSections({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(DEFAULT_PERIOD);
  const [scope, setScope] = useState<BudgetScope>("profile");
  // The last day is today's: the day is checked every minute.
  const days = periodDays(period, new Date(useNow(60_000)));
  return (
    <>
      <PeriodControl period={period} onChange={setPeriod} scope={scope} onScope={setScope} />
      <SpendSection scope={scope} profileId={profileId} period={days} label={periodLabel(t, period, days)} />
      <RequestsSection profileId={profileId} period={days} scope={scope} />
    </>
  );
}
