import { create } from "zustand";
import type { Pane } from "../../../shared/ipc/app-info.ts";

interface UiState {
  pane: Pane;
  paneSelected(pane: Pane): void;
}

/** UI state only; data from main lives in the query cache. */
export const useUiStore = create<UiState>((set) => ({
  pane: "chat",
  paneSelected: (pane) => set({ pane }),
}));
