import { useTranslation } from "../../i18n/use-translation.ts";
import type { SpendRow } from "../../../../shared/ipc/ledger.ts";
import { useSpend } from "../../api/budget-queries.ts";
import { sumLabel } from "../../components/cost-label.ts";
import { useNow } from "../../components/use-now.ts";
import { openTarget } from "../../state/open-target.ts";
import { localDayKey } from "./spend-series.ts";

const NO_ROWS: readonly SpendRow[] = [];

/** What the rows add up to, as a range where part of it is estimated. */
function total(rows: readonly SpendRow[]): string {
  const sum = (pick: (row: SpendRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const figures = { amount: sum((row) => row.cost), low: sum((row) => row.low), high: sum((row) => row.high) };
  return sumLabel(
    figures,
    rows.some((row) => row.estimated),
  );
}

/**
 * On a server with no balance endpoint: today's and this month's spend of the app's own calls, at
 * the server's published prices or the user's times the usage each call returned, and how many
 * calls no price covers, with the way to set one.
 */
export function RecordedSpend({ profileId }: { readonly profileId: string }) {
  const { t } = useTranslation();
  const now = new Date(useNow(60_000));
  const today = localDayKey(now);
  const { data: rows = NO_ROWS } = useSpend(profileId, now.getDate(), today);
  const month = rows.filter((row) => row.day.startsWith(today.slice(0, 7)));
  const unpriced = month.reduce((count, row) => count + row.unpriced, 0);
  return (
    <section className="budget-card" aria-labelledby="recorded-title">
      <div className="budget-card__header">
        <h2 id="recorded-title" className="gauge__title">
          {t("recorded.title")}
        </h2>
      </div>
      <p className="muted">{t("recorded.hint")}</p>
      <dl className="recorded">
        <dt>{t("recorded.today")}</dt>
        <dd>
          <span data-testid="recorded-today">{total(month.filter((row) => row.day === today))}</span>{" "}
          <span className="muted">{t("recorded.fromPrices")}</span>
        </dd>
        <dt>{t("recorded.month")}</dt>
        <dd>
          <span data-testid="recorded-month">{total(month)}</span>{" "}
          <span className="muted">{t("recorded.fromPrices")}</span>
        </dd>
      </dl>
      {unpriced > 0 && (
        <p role="note">
          {t("recorded.unpriced", { count: unpriced })}{" "}
          <button type="button" className="button button--small" onClick={() => openTarget({ pane: "settings" })}>
            {t("recorded.setPrice")}
          </button>
        </p>
      )}
    </section>
  );
}
