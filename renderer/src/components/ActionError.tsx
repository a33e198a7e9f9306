import { errorDetail } from "../api/api-error.ts";
import { useQuietAttempt, type QuietMutation } from "../api/quiet-mutation.ts";
import { ErrorNotice } from "./ErrorNotice.tsx";

/** What is needed of a mutation (or of its state in the cache) to show how it ended. */
export interface ActionAttempt {
  readonly error: Error | null;
  readonly submittedAt: number;
}

/**
 * The failure of the latest of these actions, shown where they are done. The next action replaces
 * it, so an old failure never stands beside a newer success.
 */
export function ActionError({ actions }: { actions: readonly [ActionAttempt, ...ActionAttempt[]] }) {
  const latest = actions.reduce((newest, action) => (action.submittedAt > newest.submittedAt ? action : newest));
  if (!latest.error) return null;
  return <ErrorNotice key={latest.submittedAt} error={errorDetail(latest.error)} />;
}

/** `ActionError` that also follows a quiet mutation: its runs draw this alone again. */
export function ActionErrorWithQuiet<TData, TVariables>({
  quiet,
  actions,
}: {
  quiet: QuietMutation<TData, TVariables>;
  actions: readonly ActionAttempt[];
}) {
  return <ActionError actions={[useQuietAttempt(quiet), ...actions]} />;
}
