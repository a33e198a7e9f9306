import { create } from "zustand";
import type { ChosenReference } from "./reference-image.ts";

/** What was typed into the Images and Videos forms, kept while the user visits other panes. */
interface MediaDrafts {
  imagePrompt: string;
  videoPrompt: string;
  reference: ChosenReference | null;
  imagePromptChanged(prompt: string): void;
  videoPromptChanged(prompt: string): void;
  referenceChosen(reference: ChosenReference | null): void;
}

export const useMediaDrafts = create<MediaDrafts>((set) => ({
  imagePrompt: "",
  videoPrompt: "",
  reference: null,
  imagePromptChanged: (imagePrompt) => set({ imagePrompt }),
  videoPromptChanged: (videoPrompt) => set({ videoPrompt }),
  referenceChosen: (reference) => set({ reference }),
}));
