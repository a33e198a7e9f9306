import { createDesktopApi, type DesktopApi } from "../../../shared/ipc/desktop-api.ts";
import { useHostConnection } from "./host-connection.ts";
import { takeHostSecret } from "./host-secret.ts";
import { webSocketTransport } from "./web-socket-transport.ts";

declare global {
  interface Window {
    /** Exposed by the preload in Electron; absent in the web host. */
    api?: DesktopApi;
  }
}

function webHostApi(): DesktopApi {
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  useHostConnection.setState({ status: "connecting", opened: false });
  const { statusChanged } = useHostConnection.getState();
  return createDesktopApi(webSocketTransport(`${protocol}//${location.host}/bridge`, takeHostSecret(), statusChanged));
}

/** The window's only way to main: the preload's `window.api`, or the same API over the web host's bridge. */
export const api: DesktopApi = window.api ?? webHostApi();
