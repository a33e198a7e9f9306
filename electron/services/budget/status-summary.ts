import type { Balance } from "../../../shared/gateway-api/balance.ts";

/** One line for the tray and the window title: today's remaining budget and the running tasks. */
export function statusSummary(reading: Balance | null, runningTasks: number): string {
  const remaining = reading?.api_key.daily_remaining;
  const budget =
    reading === null
      ? "Budget unknown"
      : remaining === null || remaining === undefined
        ? "No daily budget"
        : `¥${remaining.toFixed(2)} left today`;
  const tasks = runningTasks === 0 ? "" : ` · ${runningTasks} ${runningTasks === 1 ? "task" : "tasks"} running`;
  return `${budget}${tasks}`;
}
