import { create } from "zustand";
import type { Pane } from "../../../shared/ipc/app-info.ts";

interface UiState {
  pane: Pane;
  /** The task a notification was about, shown highlighted in Tasks. */
  highlightedTaskId: string | null;
  paneSelected(pane: Pane): void;
  taskHighlighted(taskId: string | null): void;
}

/** UI state only; data from main lives in the query cache. */
export const useUiStore = create<UiState>((set) => ({
  pane: "chat",
  highlightedTaskId: null,
  paneSelected: (pane) => set({ pane }),
  taskHighlighted: (highlightedTaskId) => set({ highlightedTaskId }),
}));
