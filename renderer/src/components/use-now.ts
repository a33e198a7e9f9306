import { useEffect, useState } from "react";

/** The current time, re-rendering every `intervalMs`; for countdowns. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whole seconds from `now` until `until` (both epoch milliseconds), rounded up as a countdown reads; negative once past. */
export const secondsUntil = (until: number, now: number): number => Math.ceil((until - now) / 1000);
