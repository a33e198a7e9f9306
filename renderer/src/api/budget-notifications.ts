import type { BudgetAlert } from "../../../shared/ipc/budget-alerts.ts";
import i18next from "../i18n/index.ts";
import { alertSentence } from "../components/alert-sentence.ts";
import { openTarget } from "../state/open-target.ts";

/**
 * In the web host, a newly fired budget alert is a browser notification that opens the Budget pane
 * when clicked (Electron's main process shows its own, so the window stays quiet there).
 */
export function notifyBudgetAlert(alert: BudgetAlert): void {
  if (window.api || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const notification = new Notification(i18next.t("alerts.notificationTitle", { profile: alert.profileName }), {
    body: alertSentence(alert, (key, values) => i18next.t(key, values)),
    tag: `budget-${alert.profileId}-${alert.metric}`,
  });
  notification.onclick = () => {
    window.focus();
    openTarget({ pane: "budget" });
  };
}
