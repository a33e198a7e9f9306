import { create } from "zustand";
import { useUiStore } from "../../state/ui-store.ts";

/** How Settings' assistants section is asked to open: at a new assistant, or at the list. */
type AssistantEditorRequest = "new" | "list";

interface AssistantEditorRequestState {
  request: AssistantEditorRequest | null;
  handled(): void;
}

export const useAssistantEditorRequest = create<AssistantEditorRequestState>((set) => ({
  request: null,
  handled: () => set({ request: null }),
}));

/** Opens Settings at its assistants (from the chat's assistant menu). */
export function openAssistantEditor(request: AssistantEditorRequest): void {
  useAssistantEditorRequest.setState({ request });
  useUiStore.getState().paneSelected("settings");
}
