import { app, net, Notification, type BrowserWindow } from "electron";
import Store from "electron-store";
import { join } from "node:path";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices } from "../composition/app-services.ts";
import { ACTIVE_TASK_STATUSES } from "../../shared/ipc/tasks.ts";
import { alertText } from "../services/budget/alert-text.ts";
import { statusSummary } from "../services/budget/status-summary.ts";
import { PRIVATE_UMASK } from "../services/store/owner-only.ts";
import { registerAppScheme, serveMedia, serveRenderer } from "./app-protocol.ts";
import { commandLineProfile } from "./command-line.ts";
import { recoverDamagedData } from "./damaged-data-dialog.ts";
import { openExternalIfAllowed } from "./external-links.ts";
import { IpcBridge } from "./ipc-bridge.ts";
import { createMainWindow, denyPermissionRequests } from "./main-window.ts";
import { safeStorageCipher } from "./safe-storage-cipher.ts";
import { createStatusTray } from "./status-tray.ts";
import { guardWebContents } from "./web-contents-guards.ts";

/** The tray reads what main already knows (no requests); a task change refreshes it at once. */
const TRAY_REFRESH_MS = 15_000;

registerAppScheme();
// Everything the app writes (database, media, settings, backups) is for this user's eyes only.
process.umask(PRIVATE_UMASK);

// Its help pages are the only http links the app opens; known once the embedded gateway listens.
let localGatewayOrigin: string | null = null;
// Every web contents, not only the main window: whatever is created later gets the same guards.
app.on("web-contents-created", (_event, contents) =>
  guardWebContents(contents, (url) => openExternalIfAllowed(url, localGatewayOrigin)),
);

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
    if (!recoverDamagedData(app.getPath("userData"))) return app.quit();
    const settings = new Store<Record<string, unknown>>({ name: "settings", configFileMode: 0o600 });
    const profile = commandLineProfile(process.argv);
    const services = await startAppServices(
      {
        host: "electron",
        version: app.getVersion(),
        dataDir: app.getPath("userData"),
        settings: { get: (key) => settings.get(key), set: (key, value) => settings.set(key, value) },
        cipher: safeStorageCipher(),
        // Electron's own implementation of the standard fetch, declared with a narrower input type.
        fetch: net.fetch as typeof fetch,
        mediaSrc: (id) => `media://local/${id}`,
      },
      profile ? { profile } : {},
    );
    app.on("will-quit", () => void services.close());
    denyPermissionRequests();
    const rendererDir = join(import.meta.dirname, "..", "renderer");
    serveRenderer(rendererDir);
    serveMedia((id) => services.media.file(id));
    const core = createMainCore(services);
    const openBudget = () => {
      window?.show();
      window?.focus();
      core.pages.broadcast("app.openPane", { pane: "budget" });
    };
    const tray = createStatusTray(join(rendererDir, "icon.png"), openBudget);
    const showStatus = () => {
      const profileId = services.vault.resolveId();
      const running = services.tasks.list(profileId).filter((task) => ACTIVE_TASK_STATUSES.includes(task.status));
      tray.show(statusSummary(services.monitor.latestReading(profileId), running.length));
    };
    showStatus();
    setInterval(showStatus, TRAY_REFRESH_MS).unref();
    services.subscribe({
      taskChanged(task) {
        showStatus();
        if (task.status !== "completed" && task.status !== "failed") return;
        const title = task.status === "completed" ? `Your ${task.kind} is ready` : `Your ${task.kind} failed`;
        new Notification({ title, body: task.errorMessage ?? task.prompt.slice(0, 120) }).show();
      },
      budgetAlert(alert) {
        const notification = new Notification({ title: `Budget alert: ${alert.profileName}`, body: alertText(alert) });
        notification.on("click", openBudget);
        notification.show();
      },
    });
    localGatewayOrigin = services.localGateway?.url ?? null;
    const bridge = new IpcBridge(core);
    window = createMainWindow(join(import.meta.dirname, "..", "preload", "preload.cjs"));
    bridge.attach(window.webContents);
  });
}
