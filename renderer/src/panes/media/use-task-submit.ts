import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";
import type { IpcError, Result } from "../../../../shared/ipc/result.ts";
import { askForNotifications } from "../../api/task-notifications.ts";

/**
 * Validates a form against the contract's schema (the message names the field's range), then
 * starts the task. The form keeps its values; a refusal is shown where it happened.
 */
export function useTaskSubmit() {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<IpcError | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async <Schema extends z.ZodType>(
    schema: Schema,
    candidate: unknown,
    call: (request: z.output<Schema>) => Promise<Result<TaskView>>,
  ): Promise<void> => {
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]!.message);
      return;
    }
    setProblem(null);
    askForNotifications();
    setBusy(true);
    const result = await call(parsed.data);
    setBusy(false);
    setError(result.ok ? null : result.error);
    await Promise.all(["tasks", "gallery", "budget"].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
  };
  return { submit, problem, error, busy };
}
