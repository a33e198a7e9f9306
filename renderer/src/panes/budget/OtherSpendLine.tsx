import { useTranslation } from "../../i18n/use-translation.ts";
import type { MoneyRange, OtherSpend } from "../../../../shared/ipc/budget.ts";
import { sumLabel } from "../../components/cost-label.ts";

/** A sum whose range is wider than a cent's rounding reads as its range. */
const shared = (range: MoneyRange) => range.high - range.low > 1e-9;

/**
 * Other spend on the key today and this month. Where it shares a movement with the app's calls of
 * unknown price it is a range, and says that part of it may be the app's own.
 */
export function OtherSpendLine({ otherSpend }: { readonly otherSpend: OtherSpend }) {
  const { t } = useTranslation();
  const { today, month } = otherSpend;
  if ([today, month].every((range) => range.amount === 0 && range.high === 0)) return null;
  const label = (range: MoneyRange) => sumLabel(range, shared(range));
  return (
    <p className="balance__other" data-testid="other-spend" title={t("spend.otherHint")}>
      {t(shared(today) ? "spend.otherTodayShared" : "spend.otherToday", { amount: label(today) })}{" "}
      <span className="balance__other-month">{t("spend.otherMonth", { amount: label(month) })}</span>
    </p>
  );
}
