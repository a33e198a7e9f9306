import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/desktop-api.ts";
import { unwrap } from "../../api/api-error.ts";
import { queryKeys } from "../../api/queries.ts";
import { formatMoney } from "../../components/format.ts";

const WIDTH = 600;
const HEIGHT = 120;

/** The balance over the app's recent readings, as a line; every new reading refreshes it (see `useBudget`). */
export function BalanceHistory({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const { data: samples = [] } = useQuery({
    queryKey: queryKeys.budgetHistory(profileId),
    queryFn: () => unwrap(api.budget.history({ profileId })),
  });
  const first = samples[0];
  const last = samples.at(-1);
  if (samples.length < 2 || !first || !last) return null;
  const values = samples.map((sample) => sample.balance);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const points = values
    .map(
      (value, index) =>
        `${(index / (values.length - 1)) * WIDTH},${HEIGHT - 8 - ((value - low) / span) * (HEIGHT - 16)}`,
    )
    .join(" ");
  const summary = t("budget.history", {
    from: formatMoney(first.balance),
    to: formatMoney(last.balance),
    count: values.length,
    since: new Date(first.at).toLocaleString(),
  });
  return (
    <section className="balance-history" aria-labelledby="balance-history-title">
      <h2 id="balance-history-title" className="gauge__title">
        {t("budget.historyTitle")}
      </h2>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="none">
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
      </svg>
      <p className="pane__footnote">{summary}</p>
    </section>
  );
}
