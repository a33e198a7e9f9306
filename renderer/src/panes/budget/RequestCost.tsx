import { useTranslation } from "../../i18n/use-translation.ts";
import type { LedgerEntry } from "../../../../shared/ipc/ledger.ts";
import { costParts } from "../../components/cost-label.ts";
import { formatMoney } from "../../components/format.ts";

/**
 * A request's cost in its table cell: the figure, and below it, smaller, the top of its range or
 * what was refunded and what that leaves ("− ¥2.50 = ¥0.00"; the Status cell says "refunded"), so
 * it fits the column without being cut. The cell's title reads it whole. A call no price will
 * ever cost (no balance to measure it, no price for its model) says "no price".
 */
export function RequestCost({ entry }: { readonly entry: LedgerEntry }) {
  const { t } = useTranslation();
  if (entry.unpriced) return <CostCell title={t("requests.noPriceHint")} main={t("requests.noPrice")} below={null} />;
  const { main, rest } = costParts(
    { amount: entry.cost, low: entry.costLow, high: entry.costHigh, kind: entry.costKind },
    { free: t("cost.free"), unknown: t("cost.unknown") },
  );
  const figure = rest === null ? main : `${main} ${rest}`;
  const refund = entry.refund !== null && entry.refund > 0 ? entry.refund : null;
  if (refund !== null) {
    // A refund gives back what the call was booked at: its point, whatever its range.
    const booked = `${entry.costKind === "estimated" ? "≈ " : ""}${formatMoney(entry.cost ?? 0)}`;
    const net = formatMoney(Math.max(0, (entry.cost ?? 0) - refund));
    const whole = t("requests.refundedWhole", { amount: figure, refund: formatMoney(refund), net });
    return (
      <CostCell title={whole} main={booked} below={t("requests.refunded", { amount: formatMoney(refund), net })} />
    );
  }
  return <CostCell title={figure} main={main} below={rest} />;
}

function CostCell({ title, main, below }: { title: string; main: string; below: string | null }) {
  return (
    <span role="cell" className="requests__number requests__cost" data-testid="request-cost" title={title}>
      <span>{main}</span>
      {below && (
        <>
          {" "}
          <span className="requests__cost-below">{below}</span>
        </>
      )}
    </span>
  );
}
