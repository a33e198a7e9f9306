import { useTranslation } from "../../i18n/use-translation.ts";
import { FEATURES } from "../../../../shared/ipc/capabilities.ts";
import { useCapabilities } from "../../api/capability-queries.ts";

/** What a profile's server offers, as far as the app has seen (on save, Test connection and use). */
export function CapabilitySummary({ profileId, profileName }: { profileId: string; profileName: string }) {
  const { t } = useTranslation();
  const { data } = useCapabilities(profileId);
  if (!data) return null;
  return (
    <ul className="capabilities" aria-label={`${t("capabilities.title")}: ${profileName}`}>
      <li>
        {data.models === null ? t("capabilities.noModelList") : t("capabilities.models", { count: data.models.length })}
      </li>
      {FEATURES.map((feature) => (
        <li key={feature} className={`capabilities__item capabilities__item--${data.features[feature]}`}>
          {t(`capabilities.feature.${feature}`)}: {t(`capabilities.state.${data.features[feature]}`)}
        </li>
      ))}
    </ul>
  );
}
