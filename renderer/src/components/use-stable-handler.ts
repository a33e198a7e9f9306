import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * The same function at every render, calling the latest `handler`: a memoised child given it does not
 * draw again whenever its parent does.
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
