import { useQuery } from "@tanstack/react-query";
import type { LocalTaskStatus } from "../../../shared/ipc/tasks.ts";
import { ACTIVE_TASK_STATUSES } from "../../../shared/ipc/tasks.ts";
import { api } from "./desktop-api.ts";
import { unwrap } from "./api-error.ts";
import { useProfiles } from "./queries.ts";

export const taskKeys = {
  tasks: (profileId: string | null) => ["tasks", profileId] as const,
  gallery: (profileId: string | null, kind: "image" | "video") => ["gallery", profileId, kind] as const,
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

export function useGallery(kind: "image" | "video") {
  const { data } = useProfiles();
  const profileId = data?.activeId ?? null;
  return useQuery({
    queryKey: taskKeys.gallery(profileId, kind),
    queryFn: () => unwrap(api.gallery.list({ kind })),
    enabled: profileId !== null,
  });
}

export const isActive = (status: LocalTaskStatus) => ACTIVE_TASK_STATUSES.includes(status);

export function useRunningTaskCount(): number {
  const { data } = useTasks();
  return data?.filter((task) => isActive(task.status)).length ?? 0;
}
