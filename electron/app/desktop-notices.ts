import { Notification } from "electron";
import type { AppServices } from "../composition/app-services.ts";
import type { OpenPane } from "../../shared/ipc/app-info.ts";
import { ACTIVE_TASK_STATUSES } from "../../shared/ipc/tasks.ts";
import { alertText } from "../services/budget/alert-text.ts";
import { statusSummary } from "../services/budget/status-summary.ts";
import { createStatusTray } from "./status-tray.ts";

/** The tray reads what main already knows (no requests); a task change refreshes it at once. */
const TRAY_REFRESH_MS = 15_000;

/**
 * What the app tells the desktop: the tray's budget and running tasks, and a notification when a
 * task ends or a budget alert fires; each opens what it is about when clicked.
 */
export function startDesktopNotices(services: AppServices, iconFile: string, open: (target: OpenPane) => void): void {
  const tray = createStatusTray(iconFile, open);
  const showStatus = () => {
    const profileId = services.vault.resolveId();
    const running = services.tasks.list(profileId).filter((task) => ACTIVE_TASK_STATUSES.includes(task.status));
    tray.show(statusSummary(services.monitor.latestReading(profileId), running.length));
  };
  showStatus();
  setInterval(showStatus, TRAY_REFRESH_MS).unref();
  services.subscribe({
    taskChanged(task) {
      showStatus();
      if (task.status !== "completed" && task.status !== "failed") return;
      const title = task.status === "completed" ? `Your ${task.kind} is ready` : `Your ${task.kind} failed`;
      const notification = new Notification({ title, body: task.errorMessage ?? task.prompt.slice(0, 120) });
      notification.on("click", () => open({ pane: "tasks", taskId: task.id }));
      notification.show();
    },
    budgetAlert(alert) {
      const notification = new Notification({ title: `Budget alert: ${alert.profileName}`, body: alertText(alert) });
      notification.on("click", () => open({ pane: "budget" }));
      notification.show();
    },
  });
}
