import { useQuery } from "@tanstack/react-query";
import type { LocalTaskStatus } from "../../../shared/ipc/tasks.ts";
import { ACTIVE_TASK_STATUSES } from "../../../shared/ipc/tasks.ts";
import { api } from "./desktop-api.ts";
import { unwrap } from "./api-error.ts";
import { useProfiles } from "./queries.ts";

type MediaKind = "image" | "video";

export const taskKeys = {
  /** Every profile's task list. */
  taskLists: ["tasks"] as const,
  tasks: (profileId: string | null) => ["tasks", profileId] as const,
  /** Every profile's gallery of one kind. */
  galleriesOf: (kind: MediaKind) => ["gallery", kind] as const,
  gallery: (kind: MediaKind, profileId: string | null) => ["gallery", kind, profileId] as const,
};

/** Every task of the active profile; kept current by `tasks.changed` events. */
export function useTasks() {
  const { data } = useProfiles();
  const profileId = data?.activeId ?? null;
  return useQuery({
    queryKey: taskKeys.tasks(profileId),
    queryFn: () => unwrap(api.tasks.list({})),
    enabled: profileId !== null,
  });
}

export const isActive = (status: LocalTaskStatus) => ACTIVE_TASK_STATUSES.includes(status);

export function useRunningTaskCount(): number {
  const { data } = useTasks();
  return data?.filter((task) => isActive(task.status)).length ?? 0;
}
