import type { LocalTaskStatus, TaskView } from "../../../../shared/ipc/tasks.ts";
import { isActive, useTasks } from "../../api/task-queries.ts";
import { useDismissedFailures } from "./dismissed-failures.ts";

/** Generations that ended without a result: they stay in the gallery with why, until dismissed. */
const ENDED_WITHOUT_RESULT: readonly LocalTaskStatus[] = ["failed", "cancelled", "expired"];

/**
 * The tasks a gallery shows besides its media (those running, and those that ended without a
 * result), and the model codes its tasks used, newest first.
 */
export function useTasksOfKind(kind: TaskView["kind"]) {
  const { data: tasks = [] } = useTasks();
  const dismissed = useDismissedFailures((state) => state.ids);
  const ofKind = tasks.filter((task) => task.kind === kind);
  return {
    active: ofKind.filter((task) => isActive(task.status)),
    failed: ofKind.filter((task) => ENDED_WITHOUT_RESULT.includes(task.status) && !dismissed.includes(task.id)),
    recentModels: [
      ...new Set(ofKind.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt)).map((task) => task.model)),
    ],
  };
}
