import { useTranslation } from "react-i18next";
import { formatMoney } from "../../components/format.ts";
import type { SpendCheck } from "./use-spend-check.ts";

/** The sentence a short cover reads as: "At ≈ ¥2.50, this job is more than today's remaining budget (¥2.40)." */
export function useShortfallText(check: SpendCheck): string {
  const { t } = useTranslation();
  if (check.cover.state !== "short") return "";
  const reasons = check.cover.by.map((limit) =>
    t(`cost.short.${limit}`, { amount: formatMoney(check.left[limit] ?? 0) }),
  );
  return t("cost.shortIntro", { amount: formatMoney(check.amount ?? 0), reasons: reasons.join(t("cost.and")) });
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
      : `≈ ${formatMoney(check.amount)}`;
  return (
    <div className="cost-estimate" data-testid="cost-estimate">
      <p className="cost-estimate__line" aria-live="polite">
        <span>{t("cost.estimate")}</span> <strong>{figure}</strong>
      </p>
      {check.cover.state === "short" && <p className="cost-estimate__warning">{shortfall}</p>}
      {check.cover.state === "exhausted" && (
        <p className="cost-estimate__blocked" role="alert">
          {check.cover.by.map((limit) => t(`cost.exhausted.${limit}`)).join(" ")}
        </p>
      )}
    </div>
  );
}
