import { app, net, Notification, type BrowserWindow } from "electron";
import Store from "electron-store";
import { join } from "node:path";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices } from "../services/app-services.ts";
import { registerAppScheme, serveMedia, serveRenderer } from "./app-protocol.ts";
import { commandLineProfile } from "./command-line.ts";
import { IpcBridge } from "./ipc-bridge.ts";
import { createMainWindow, denyPermissionRequests } from "./main-window.ts";
import { safeStorageCipher } from "./safe-storage-cipher.ts";

registerAppScheme();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let window: BrowserWindow | null = null;
  app.on("second-instance", () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  app.on("window-all-closed", () => app.quit());

  void app.whenReady().then(async () => {
    const settings = new Store<Record<string, unknown>>({ name: "settings" });
    const profile = commandLineProfile(process.argv);
    const services = await startAppServices(
      {
        host: "electron",
        version: app.getVersion(),
        dataDir: app.getPath("userData"),
        settings: { get: (key) => settings.get(key), set: (key, value) => settings.set(key, value) },
        cipher: safeStorageCipher(),
        fetch: net.fetch as typeof fetch,
        mediaSrc: (id) => `media://local/${id}`,
      },
      profile ? { profile } : {},
    );
    app.on("will-quit", () => void services.close());
    denyPermissionRequests();
    serveRenderer(join(import.meta.dirname, "..", "renderer"));
    serveMedia((id) => services.media.file(id));
    services.subscribe({
      taskChanged(task) {
        if (task.status !== "completed" && task.status !== "failed") return;
        const title = task.status === "completed" ? `Your ${task.kind} is ready` : `Your ${task.kind} failed`;
        new Notification({ title, body: task.errorMessage ?? task.prompt.slice(0, 120) }).show();
      },
    });
    const bridge = new IpcBridge(createMainCore(services));
    window = createMainWindow(
      join(import.meta.dirname, "..", "preload", "preload.cjs"),
      services.localGateway?.url ?? null,
    );
    bridge.attach(window.webContents);
  });
}
