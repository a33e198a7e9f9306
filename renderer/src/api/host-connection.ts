import { create } from "zustand";

/**
 * Whether the window can reach main. Always `connected` in Electron; in the web host the bridge
 * can drop (the host crashed or was stopped) and come back, or come back as a new run whose
 * access token this page does not hold (`restarted`).
 */
export type HostConnection = "connected" | "reconnecting" | "restarted";

interface HostConnectionState {
  status: HostConnection;
  statusChanged(status: HostConnection): void;
}

export const useHostConnection = create<HostConnectionState>((set) => ({
  status: "connected",
  statusChanged: (status) => set({ status }),
}));
