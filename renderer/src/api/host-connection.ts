import { create } from "zustand";

/**
 * Whether the window can reach main. Always `connected` in Electron; in the web host the page can
 * load while the host's services still open (`connecting`), the bridge can drop (the host crashed
 * or was stopped) and come back, or what answers at the page's address cannot prove it is the host
 * that served the page (`lost`): another process took the port, or a new run of the host holds a
 * secret this page never had.
 */
export type HostConnection = "connecting" | "connected" | "reconnecting" | "lost";

interface HostConnectionState {
  status: HostConnection;
  /** Whether the window has reached main at least once: before then, nothing it shows is main's. */
  opened: boolean;
  statusChanged(status: HostConnection): void;
}

export const useHostConnection = create<HostConnectionState>((set) => ({
  status: "connected",
  opened: true,
  statusChanged: (status) => set((state) => ({ status, opened: state.opened || status === "connected" })),
}));
