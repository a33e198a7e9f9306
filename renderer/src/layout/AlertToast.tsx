import { useEffect } from "react";
import { useTranslation } from "../i18n/use-translation.ts";
import { alertSentence } from "../components/alert-sentence.ts";
import { useAlertToastStore } from "../state/alert-toast-store.ts";
import { useUiStore } from "../state/ui-store.ts";
import "./alert-toast.css";

/** Long enough to read and reach; the alert stays on the Budget pane and the rail after. */
const SHOWN_FOR_MS = 20_000;

/**
 * A budget alert where the user is, whatever the pane, above it: the sentence, a way to the Budget pane, and
 * Dismiss. The Budget pane has its own banner, so there the toast stays away.
 */
export function AlertToast() {
  const { t } = useTranslation();
  const alert = useAlertToastStore((state) => state.latest);
  const dismissed = useAlertToastStore((state) => state.dismissed);
  const pane = useUiStore((state) => state.pane);
  const paneSelected = useUiStore((state) => state.paneSelected);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(dismissed, SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [alert, dismissed]);
  if (!alert || pane === "budget") return null;
  return (
    <div
      className="alert-toast"
      role="status"
      aria-label={t("alerts.notificationTitle", { profile: alert.profileName })}
    >
      <p className="alert-toast__title">{t("alerts.notificationTitle", { profile: alert.profileName })}</p>
      <p className="alert-toast__text">{alertSentence(alert, (key, values) => t(key, values))}</p>
      <div className="alert-toast__actions">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            paneSelected("budget");
            dismissed();
          }}
        >
          {t("alerts.openBudget")}
        </button>
        <button type="button" className="button" onClick={dismissed}>
          {t("alerts.dismiss")}
        </button>
      </div>
    </div>
  );
}
