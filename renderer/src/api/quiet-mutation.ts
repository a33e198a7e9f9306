import {
  MutationObserver,
  notifyManager,
  useQueryClient,
  type DefaultError,
  type MutationObserverOptions,
  type MutationObserverResult,
} from "@tanstack/react-query";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

/** A mutation whose component does not draw again as it runs: see `useQuietMutation`. */
export type QuietMutation<TData, TVariables> = MutationObserver<TData, DefaultError, TVariables>;

/**
 * A mutation for the path to a reply's first words (Send, Regenerate, Edit): unlike `useMutation`,
 * the component that starts it is not drawn again when the call turns pending and again when it is
 * answered, while the page waits for the first delta. How it ended is read where it is shown
 * (`useQuietAttempt`, in `ActionError`).
 */
export function useQuietMutation<TData, TVariables>(
  options: MutationObserverOptions<TData, DefaultError, TVariables>,
): QuietMutation<TData, TVariables> {
  const client = useQueryClient();
  const [observer] = useState(() => new MutationObserver(client, options));
  useEffect(() => {
    observer.setOptions(options);
  }, [observer, options]);
  return observer;
}

/** The latest run of a quiet mutation; only the component reading it draws again as it changes. */
export function useQuietAttempt<TData, TVariables>(
  mutation: QuietMutation<TData, TVariables>,
): MutationObserverResult<TData, DefaultError, TVariables> {
  const subscribe = useCallback(
    (onChange: () => void) => mutation.subscribe(notifyManager.batchCalls(onChange)),
    [mutation],
  );
  const read = () => mutation.getCurrentResult();
  return useSyncExternalStore(subscribe, read, read);
}
