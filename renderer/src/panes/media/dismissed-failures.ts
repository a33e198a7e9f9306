import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { objectOr } from "../../../../shared/plain-object.ts";

/** Enough to cover any gallery; the oldest dismissals go first. */
const KEPT = 500;

/**
 * Failed and cancelled generations the user put out of the gallery. The tasks themselves stay
 * in Tasks, the record of what was charged and refunded.
 */
interface DismissedFailures {
  ids: readonly string[];
  dismiss(taskId: string): void;
}

export const useDismissedFailures = create<DismissedFailures>()(
  persist(
    (set) => ({
      ids: [],
      dismiss: (taskId) => set((state) => ({ ids: [...state.ids.filter((id) => id !== taskId), taskId].slice(-KEPT) })),
    }),
    {
      name: "modeldesk.dismissed-failures",
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ ids: state.ids }),
      merge: (saved, current) => {
        const ids = objectOr(saved)["ids"];
        const valid = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === "string") : [];
        return { ...current, ids: valid.slice(-KEPT) };
      },
    },
  ),
);
