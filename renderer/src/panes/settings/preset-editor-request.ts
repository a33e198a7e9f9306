import { create } from "zustand";
import { useUiStore } from "../../state/ui-store.ts";

/** How Settings' presets section is asked to open: at a new preset, or at the list. */
type PresetEditorRequest = "new" | "list";

interface PresetEditorRequestState {
  request: PresetEditorRequest | null;
  handled(): void;
}

export const usePresetEditorRequest = create<PresetEditorRequestState>((set) => ({
  request: null,
  handled: () => set({ request: null }),
}));

/** Opens Settings at its prompt presets (from the chat's preset menu). */
export function openPresetEditor(request: PresetEditorRequest): void {
  usePresetEditorRequest.setState({ request });
  useUiStore.getState().paneSelected("settings");
}
