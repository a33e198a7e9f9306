import type { QueryClient } from "@tanstack/react-query";
import { ACTIVE_TASK_STATUSES, type TaskView } from "../../../shared/ipc/tasks.ts";
import { taskKeys } from "./task-queries.ts";

/**
 * The list (newest first) with one task as main just said it is: in its place, or first when it is
 * new (still being submitted or held). Null when the list cannot tell: a finished task it does not
 * hold may have been cleared from it, so the list is read again instead.
 */
export function withTask(list: readonly TaskView[], task: TaskView): TaskView[] | null {
  const index = list.findIndex((shown) => shown.id === task.id);
  if (index !== -1) return list.map((shown, at) => (at === index ? task : shown));
  return ACTIVE_TASK_STATUSES.includes(task.status) ? [task, ...list] : null;
}

/**
 * A task changed in main: its profile's list shows the change at once. Reading the whole list
 * again for each change would make 500 tasks in flight cost 500 rows per poll, in main and here.
 */
export function showTaskChange(queryClient: QueryClient, task: TaskView): void {
  const key = taskKeys.tasks(task.profileId);
  const list = queryClient.getQueryData<TaskView[]>(key);
  const updated = list && withTask(list, task);
  if (updated) queryClient.setQueryData(key, updated);
  else void queryClient.invalidateQueries({ queryKey: key });
}
