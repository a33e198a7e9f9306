import { Notification } from "electron";
import type { AppServices } from "../services/app-services.ts";
import type { OpenPane } from "../../shared/ipc/app-info.ts";
import { ACTIVE_TASK_STATUSES } from "../../shared/ipc/tasks.ts";
import {
  budgetAlertNotice,
  menuTexts,
  taskNotice,
  trayStatus,
  type Notice,
} from "../services/desktop/desktop-texts.ts";
import { languageSetting } from "../services/desktop/language-setting.ts";
import { createStatusTray, type StatusTray } from "./status-tray.ts";

/** The tray reads what main already knows (no requests); a task change refreshes it at once. */
const TRAY_REFRESH_MS = 15_000;

/**
 * What the app tells the desktop, in the language the window last reported: the tray's budget and
 * running tasks, and a notification when a task ends or a budget alert fires; each opens what it
 * is about when clicked.
 */
export function startDesktopNotices(
  services: AppServices,
  iconFile: string,
  open: (target: OpenPane) => void,
): StatusTray {
  const language = () => languageSetting.read(services.settings);
  const tray = createStatusTray(iconFile, open, menuTexts(language()));
  const notify = ({ title, body }: Notice, target: OpenPane) => {
    const notification = new Notification({ title, body });
    notification.on("click", () => open(target));
    notification.show();
  };
  const showStatus = () => {
    const profileId = services.vault.resolveId();
    const running = services.tasks.list(profileId).filter((task) => ACTIVE_TASK_STATUSES.includes(task.status));
    tray.show(trayStatus(services.monitor.latestReading(profileId), running.length, language()));
  };
  showStatus();
  setInterval(showStatus, TRAY_REFRESH_MS).unref();
  services.subscribe({
    taskChanged(task) {
      showStatus();
      const notice = taskNotice(task, language());
      if (notice) notify(notice, { pane: "tasks", taskId: task.id });
    },
    budgetAlert(alert) {
      notify(budgetAlertNotice(alert, language()), { pane: "budget" });
    },
  });
  return tray;
}
