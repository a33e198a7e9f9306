import { contextBridge, ipcRenderer } from "electron";
import { createDesktopApi } from "../../shared/ipc/desktop-api.ts";
import type { Result } from "../../shared/ipc/result.ts";

/**
 * The whole preload: `window.api`, built from the contract. Each subscription gets its own
 * wrapper so the Electron event never reaches the page and unsubscribe removes exactly it.
 */
const api = createDesktopApi({
  // ipcRenderer.invoke answers `any`; main's router answers every channel with a Result.
  invoke: (channel, payload) => ipcRenderer.invoke(channel, payload) as Promise<Result<unknown>>,
  subscribe(event, listener) {
    const forward = (_event: Electron.IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => ipcRenderer.removeListener(event, forward);
  },
});

contextBridge.exposeInMainWorld("api", api);
