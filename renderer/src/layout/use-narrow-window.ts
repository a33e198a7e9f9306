import { useSyncExternalStore } from "react";

/** Below this width the navigation folds to icons unless the user chose otherwise. */
const NARROW = "(max-width: 1099px)";

const subscribe = (changed: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
};

export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
}
