import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "../../i18n/use-translation.ts";
import { unwrap } from "../../api/api-error.ts";
import { api } from "../../api/desktop-api.ts";
import { formatDateTime, formatMoney } from "../../components/format.ts";

/** The latest changes of the profile's prices: when each was published, learned or set, and to what. */
export function PriceHistoryList({ profileId }: { readonly profileId: string }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: ["price-history", profileId],
    queryFn: () => unwrap(api.budget.priceHistory({ profileId })),
  });
  return (
    <details className="price-history">
      <summary>{t("prices.history")}</summary>
      {history.data?.length === 0 && <p className="muted">{t("prices.historyNone")}</p>}
      <ul>
        {history.data?.map((change, index) => (
          <li key={`${change.at}|${change.model}|${change.unit}|${change.size ?? ""}|${change.source}|${index}`}>
            {t("prices.historyRow", {
              at: formatDateTime(change.at),
              name: `${change.model} · ${t(`prices.unit.${change.unit}`)}${change.size ? ` · ${change.size}` : ""}`,
              price: formatMoney(change.price),
              source: t(`prices.sourceName.${change.source}`),
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}
