import { create } from "zustand";

interface CompareState {
  /** The models picked per conversation while Compare is on there; absent: Compare is off. */
  picks: Record<string, readonly string[]>;
  compareTurnedOn(conversationId: string, models: readonly string[]): void;
  compareTurnedOff(conversationId: string): void;
  picksChanged(conversationId: string, models: readonly string[]): void;
}

export const useCompareStore = create<CompareState>((set) => ({
  picks: {},
  compareTurnedOn: (conversationId, models) =>
    set((state) => ({ picks: { ...state.picks, [conversationId]: models } })),
  compareTurnedOff: (conversationId) =>
    set((state) => {
      const picks = { ...state.picks };
      delete picks[conversationId];
      return { picks };
    }),
  picksChanged: (conversationId, models) => set((state) => ({ picks: { ...state.picks, [conversationId]: models } })),
}));

/** The models picked for this conversation, or null while Compare is off there. */
export const useComparePicks = (conversationId: string) =>
  useCompareStore((state) => state.picks[conversationId] ?? null);
