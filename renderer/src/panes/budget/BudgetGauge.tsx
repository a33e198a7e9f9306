import { useId, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation.ts";
import { formatDuration, formatMoney } from "../../components/format.ts";
import { useNow } from "../../components/use-now.ts";

interface BudgetGaugeProps {
  readonly label: string;
  readonly emptyLabel: string;
  readonly budget: number | null;
  readonly used: number | null;
  readonly remaining: number | null;
  readonly resetAt: string | null;
  /** Below the figures, e.g. the period's chart. */
  readonly children?: ReactNode;
}

/** The live countdown to a reset: the only part of the pane that changes every second. */
function ResetCountdown({ resetAt }: { resetAt: string }) {
  const { t } = useTranslation();
  const now = useNow();
  return (
    <p className="gauge__reset" title={resetAt}>
      {t("budget.resetsIn", { time: formatDuration((Date.parse(resetAt) - now) / 1000) })}
    </p>
  );
}

/** One budget: a bar of used against budget, what remains and a live countdown to the reset. */
export function BudgetGauge({ label, emptyLabel, budget, used, remaining, resetAt, children }: BudgetGaugeProps) {
  const { t } = useTranslation();
  // Not derived from the label: a label in Chinese has no \w characters, and both gauges got one id.
  const headingId = useId();
  if (budget === null || used === null || remaining === null) {
    return (
      <section className="gauge" aria-labelledby={headingId}>
        <h2 id={headingId} className="gauge__title">
          {label}
        </h2>
        <p className="gauge__empty">{emptyLabel}</p>
      </section>
    );
  }
  const fraction = budget > 0 ? Math.min(1, used / budget) : 1;
  const level = fraction >= 0.9 ? "critical" : fraction >= 0.7 ? "warning" : "normal";
  return (
    <section className="gauge" aria-labelledby={headingId}>
      <h2 id={headingId} className="gauge__title">
        {label}
      </h2>
      <div
        className={`gauge__bar gauge__bar--${level}`}
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={used}
        aria-valuetext={t("budget.used", { used: formatMoney(used), budget: formatMoney(budget) })}
      >
        <div className="gauge__fill" style={{ width: `${fraction * 100}%` }} />
      </div>
      <p className="gauge__figures">
        <span>{t("budget.used", { used: formatMoney(used), budget: formatMoney(budget) })}</span>
        <strong>{t("budget.remaining", { amount: formatMoney(remaining) })}</strong>
      </p>
      {resetAt && <ResetCountdown resetAt={resetAt} />}
      {children}
    </section>
  );
}
