import { useTranslation } from "../../i18n/use-translation.ts";

interface InsecureHttpConsentProps {
  readonly accepted: boolean;
  onChange(accepted: boolean): void;
}

/** Plain http to another machine lets anyone on the way read the key: the user must say yes to it. */
export function InsecureHttpConsent({ accepted, onChange }: InsecureHttpConsentProps) {
  const { t } = useTranslation();
  return (
    <div className="notice notice--warning" role="group" aria-labelledby="insecure-http-warning">
      <p id="insecure-http-warning">{t("settings.insecureHttpWarning")}</p>
      <label className="toggle">
        <input type="checkbox" checked={accepted} onChange={(event) => onChange(event.target.checked)} />
        {t("settings.insecureHttpAccept")}
      </label>
    </div>
  );
}
