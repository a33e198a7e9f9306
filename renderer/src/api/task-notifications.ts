import type { TaskView } from "../../../shared/ipc/tasks.ts";
import { noticeSentence } from "../../../shared/text/notice-sentence.ts";
import { taskFailureText } from "../components/app-text.ts";
import i18next from "../i18n/index.ts";
import { openTarget } from "../state/open-target.ts";

/**
 * In the web host, finished tasks are announced with the browser's notifications (a failure by one
 * sentence of its reason, markup stripped), which open the task in Tasks when clicked (Electron's main process shows its own, so the window stays quiet there).
 */
export function notifyTaskEnded(task: TaskView): void {
  if (window.api || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (task.status !== "completed" && task.status !== "failed") return;
  const title = i18next.t(task.status === "completed" ? "tasks.notifyDone" : "tasks.notifyFailed", {
    kind: i18next.t(`tasks.kind.${task.kind}`),
  });
  const failure = taskFailureText(task);
  const notification = new Notification(title, {
    body: failure ? noticeSentence(failure, i18next.language) : task.prompt.slice(0, 120),
    tag: task.id,
  });
  notification.onclick = () => {
    window.focus();
    openTarget({ pane: "tasks", taskId: task.id });
  };
}

/** Asked when the user starts a task, since browsers want a gesture before the prompt. */
export function askForNotifications(): void {
  if (!window.api && typeof Notification !== "undefined" && Notification.permission === "default")
    void Notification.requestPermission();
}
