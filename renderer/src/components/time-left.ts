import type { TFunction } from "i18next";
import type { TaskView } from "../../../shared/ipc/tasks.ts";

/** Past this many seconds the time left reads in whole minutes. */
const MINUTES_FROM = 90;

/**
 * How long a running task has left, as a person would say it ("about 3 min left"); null when
 * main has no grounded expectation yet.
 */
export function timeLeftText(task: Pick<TaskView, "expectedAt">, now: number, t: TFunction): string | null {
  if (!task.expectedAt) return null;
  const seconds = (Date.parse(task.expectedAt) - now) / 1000;
  if (!Number.isFinite(seconds)) return null;
  if (seconds <= 0) return t("tasks.left.anyMoment");
  if (seconds < MINUTES_FROM) return t("tasks.left.underMinutes");
  return t("tasks.left.minutes", { count: Math.round(seconds / 60) });
}
