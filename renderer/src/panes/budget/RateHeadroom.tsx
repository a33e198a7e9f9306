import { useTranslation } from "../../i18n/use-translation.ts";
import { useRateHeadroom } from "../../api/budget-queries.ts";
import "./budget-watch.css";
import { formatCount, formatTime } from "../../components/format.ts";

const SECONDS = 1000;

/** Requests and tokens left this minute, from the key's last answer, and what the app is holding back. */
export function RateHeadroom({ profileId }: { readonly profileId: string }) {
  const { t } = useTranslation();
  const { data } = useRateHeadroom(profileId, 5 * SECONDS);
  const pair = (snapshot: { limit: number; remaining: number } | null | undefined) =>
    snapshot
      ? t("headroom.left", { remaining: formatCount(snapshot.remaining), limit: formatCount(snapshot.limit) })
      : t("headroom.unknown");
  return (
    <section className="budget-card" aria-labelledby="headroom-title">
      <h2 id="headroom-title">{t("headroom.title")}</h2>
      <dl className="headroom">
        <div>
          <dt>{t("headroom.requests")}</dt>
          <dd className="numeric">{pair(data?.requests)}</dd>
        </div>
        <div>
          <dt>{t("headroom.tokens")}</dt>
          <dd className="numeric">{pair(data?.tokens)}</dd>
        </div>
        <div>
          <dt>{t("headroom.queued")}</dt>
          <dd className="numeric">{data?.queued ?? 0}</dd>
        </div>
      </dl>
      {data?.observedAt && <p className="muted">{t("headroom.asOf", { time: formatTime(data.observedAt) })}</p>}
    </section>
  );
}
