import { create } from "zustand";

/** A message a search found, chosen in the results: its conversation opens on it. */
export interface FoundTarget {
  readonly conversationId: string;
  readonly messageId: string;
}

interface FoundMessageState {
  /** The message the transcript brings into view and marks; a new object for each choice, even of the same one. */
  target: FoundTarget | null;
  chosen(target: FoundTarget | null): void;
}

export const useFoundMessageStore = create<FoundMessageState>((set) => ({
  target: null,
  chosen: (target) => set({ target }),
}));

/** The message to show in this conversation, if one was chosen for it. */
export const useFoundTarget = (conversationId: string | null) =>
  useFoundMessageStore((state) => (state.target?.conversationId === conversationId ? state.target : null));
