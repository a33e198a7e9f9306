import { useTranslation } from "react-i18next";
import type { LedgerEntry } from "../../../../shared/ipc/ledger.ts";
import { costParts } from "../../components/cost-label.ts";
import { formatMoney } from "../../components/format.ts";

/**
 * A request's cost in its table cell: the figure, and below it, smaller, the top of its range or
 * what was refunded, so a range fits the column without being cut.
 */
export function RequestCost({ entry }: { readonly entry: LedgerEntry }) {
  const { t } = useTranslation();
  const { main, rest } = costParts(
    { amount: entry.cost, low: entry.costLow, high: entry.costHigh, kind: entry.costKind },
    { free: t("cost.free"), unknown: t("cost.unknown") },
  );
  const refunded =
    entry.refund !== null && entry.refund > 0 ? t("requests.refunded", { amount: formatMoney(entry.refund) }) : null;
  const below = [rest, refunded].filter((part) => part !== null).join(" ");
  const whole = below ? `${main} ${below}` : main;
  return (
    <span role="cell" className="requests__number requests__cost" data-testid="request-cost" title={whole}>
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
