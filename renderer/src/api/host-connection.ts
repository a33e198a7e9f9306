import { create } from "zustand";

/**
 * Whether the window can reach main. Always `connected` in Electron; in the web host the bridge
 * can drop (the host crashed or was stopped) and come back, or what answers at the page's address
 * cannot prove it is the host that served the page (`lost`): another process took the port, or a
 * new run of the host holds a secret this page never had.
 */
export type HostConnection = "connected" | "reconnecting" | "lost";

interface HostConnectionState {
  status: HostConnection;
  statusChanged(status: HostConnection): void;
}

export const useHostConnection = create<HostConnectionState>((set) => ({
  status: "connected",
  statusChanged: (status) => set({ status }),
}));
