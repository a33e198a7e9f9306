import { useTranslation } from "../../i18n/use-translation.ts";
import { formatMoney } from "../../components/format.ts";
import type { SpendCheck } from "./use-spend-check.ts";
import "./cost-estimate.css";

/** The estimate as a figure: "≈ ¥1.20", or a range "≈ ¥0.0012 – ¥0.0036" for a reply. */
function estimateFigure(check: SpendCheck): string {
  const low = check.amount ?? 0;
  const high = check.high ?? low;
  return high > low ? `≈ ${formatMoney(low)} – ${formatMoney(high)}` : `≈ ${formatMoney(low)}`;
}

/**
 * The sentence a cover that does not fit reads as, naming each limit and by how much: "At ≈ ¥1.20,
 * this job is more than today's remaining budget (¥0.95) by ¥0.25."
 */
export function useShortfallText(check: SpendCheck): string {
  const { t } = useTranslation();
  const { cover } = check;
  if (cover.state !== "short" && cover.state !== "over") return "";
  const cost = cover.state === "over" ? (check.amount ?? 0) : (check.high ?? check.amount ?? 0);
  const reasons = cover.by.map((limit) => {
    const left = check.left[limit] ?? 0;
    return t(`cost.short.${limit}`, { amount: formatMoney(left), by: formatMoney(Math.max(0, cost - left)) });
  });
  return t(cover.state === "over" ? "cost.overIntro" : "cost.shortIntro", {
    amount: estimateFigure(check),
    reasons: reasons.join(t("cost.and")),
  });
}

/** "Estimated cost ≈ ¥2.50" under a media form, with what it means for the budget. */
export function CostEstimateLine({ check }: { check: SpendCheck }) {
  const { t } = useTranslation();
  const shortfall = useShortfallText(check);
  if (!check.asked) return null;
  const figure = check.pending
    ? t("cost.estimating")
    : check.amount === null
      ? t("cost.estimateUnknown")
      : estimateFigure(check);
  return (
    <div className="cost-estimate" data-testid="cost-estimate">
      <p className="cost-estimate__line" aria-live="polite">
        <span>{t("cost.estimate")}</span> <strong>{figure}</strong>
      </p>
      {check.cover.state === "short" && <p className="cost-estimate__warning">{shortfall}</p>}
      {check.cover.state === "over" && (
        <p className="cost-estimate__blocked" role="alert">
          {shortfall}
        </p>
      )}
      {check.cover.state === "exhausted" && (
        <p className="cost-estimate__blocked" role="alert">
          {check.cover.by.map((limit) => t(`cost.exhausted.${limit}`)).join(" ")}
        </p>
      )}
    </div>
  );
}
