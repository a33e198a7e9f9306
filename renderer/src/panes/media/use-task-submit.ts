import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import type { TaskView } from "../../../../shared/ipc/tasks.ts";
import type { Result } from "../../../../shared/ipc/result.ts";
import { unwrap } from "../../api/api-error.ts";
import { formIssue } from "../../components/form-issue.ts";
import { fieldOf, type FieldProblem } from "../../components/SubmitProblem.tsx";
import { queryKeys } from "../../api/queries.ts";
import { askForNotifications } from "../../api/task-notifications.ts";
import { taskKeys } from "../../api/task-queries.ts";

/**
 * Validates a form against the contract's schema (the message names the field's range), then
 * starts the task. The form keeps its values; a refusal is shown where it happened, until one of
 * the `inputs` it was about changes.
 */
export function useTaskSubmit<Schema extends z.ZodType>(
  schema: Schema,
  call: (request: z.output<Schema>) => Promise<Result<TaskView>>,
  inputs: readonly unknown[],
) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [submittedInputs, setSubmittedInputs] = useState<readonly unknown[]>([]);
  const start = useMutation({
    mutationFn: (request: z.output<Schema>) => unwrap(call(request)),
    // Not awaited: the form is free again as soon as main answers, however long a refresh waits. The
    // results reach the gallery as main announces them (`gallery.changed`).
    onSettled: () => {
      for (const queryKey of [taskKeys.taskLists, queryKeys.budgets]) void queryClient.invalidateQueries({ queryKey });
    },
  });

  const submit = (candidate: unknown) => {
    setSubmittedInputs(inputs);
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      const issue = formIssue(parsed.error);
      setProblem({ field: fieldOf(issue.path), message: issue.message });
      return;
    }
    setProblem(null);
    askForNotifications();
    start.mutate(parsed.data);
  };
  const current = submittedInputs.length === inputs.length && inputs.every((input, i) => submittedInputs[i] === input);
  return {
    submit,
    problem: current ? problem : null,
    start: { submittedAt: start.submittedAt, isPending: start.isPending, error: current ? start.error : null },
  };
}
