import { create } from "zustand";

export const PANES = ["chat", "images", "videos", "tasks", "budget", "settings"] as const;
export type Pane = (typeof PANES)[number];

interface UiState {
  pane: Pane;
  paneSelected(pane: Pane): void;
}

/** UI state only; data from main lives in the query cache. */
export const useUiStore = create<UiState>((set) => ({
  pane: "chat",
  paneSelected: (pane) => set({ pane }),
}));
