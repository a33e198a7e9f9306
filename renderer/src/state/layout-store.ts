import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { objectOr } from "../../../shared/plain-object.ts";

/** Which side panels the user folded away; kept across restarts. */
interface LayoutState {
  /** Null until the user chooses: then the navigation folds by itself in a narrow window. */
  navCollapsed: boolean | null;
  conversationsHidden: boolean;
  navCollapsedChanged(collapsed: boolean): void;
  conversationsHiddenChanged(hidden: boolean): void;
}

export const useLayoutStore = create<LayoutState>()(
  persist(
    (set) => ({
      navCollapsed: null,
      conversationsHidden: false,
      navCollapsedChanged: (navCollapsed) => set({ navCollapsed }),
      conversationsHiddenChanged: (conversationsHidden) => set({ conversationsHidden }),
    }),
    {
      name: "modeldesk.layout",
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ navCollapsed: state.navCollapsed, conversationsHidden: state.conversationsHidden }),
      merge: (saved, current) => {
        const values = objectOr(saved);
        const navCollapsed = typeof values["navCollapsed"] === "boolean" ? values["navCollapsed"] : null;
        return { ...current, navCollapsed, conversationsHidden: values["conversationsHidden"] === true };
      },
    },
  ),
);
