import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";
import type { IpcError, Result } from "../../../../shared/ipc/result.ts";
import { askForNotifications } from "../../api/task-notifications.ts";

/** Starts a task; the form keeps its values, and a refusal is shown where it happened. */
export function useTaskSubmit() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (call: () => Promise<Result<TaskView>>) => {
    askForNotifications();
    setBusy(true);
    const result = await call();
    setBusy(false);
    setError(result.ok ? null : result.error);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ["tasks"] }),
      queryClient.invalidateQueries({ queryKey: ["gallery"] }),
      queryClient.invalidateQueries({ queryKey: ["budget"] }),
    ]);
    return result.ok;
  };
  return { submit, error, busy, setError };
}
