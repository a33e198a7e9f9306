import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, vi } from "vitest";
import type { INVOKE_CHANNELS } from "../../../shared/ipc/contract.ts";
import { electronRecording, emitAppEvent, type ElectronRecording } from "../../support/electron-stand-in/recording.ts";
import { registerElectronStandIn } from "../../support/electron-stand-in/register-electron-stand-in.ts";
import type { BrowserWindowStandIn } from "../../support/electron-stand-in/browser-window-stand-in.ts";
import type { WebContentsStandIn } from "../../support/electron-stand-in/web-contents-stand-in.ts";

export const MAIN_FILE = new URL("../../../electron/app/main.ts", import.meta.url);

export interface StartedMain {
  readonly recording: ElectronRecording;
  /** The main window's web contents. */
  readonly window: WebContentsStandIn;
  readonly mainWindow: BrowserWindowStandIn;
  /** The quick chat window, made hidden at start. */
  readonly quickWindow: BrowserWindowStandIn;
  invoke(
    channel: keyof typeof INVOKE_CHANNELS,
    payload: unknown,
    sender?: { contents?: WebContentsStandIn; frameUrl?: string; isSubFrame?: boolean },
  ): Promise<unknown>;
  request(scheme: "app" | "media", url: string): Promise<Response>;
  /** Emits `will-quit`, which closes the services and the embedded gateway before main quits again. */
  quit(): Promise<void>;
}

/**
 * Starts electron/app/main.ts in this test process with the stand-in in place of `electron`, a
 * fresh userData directory (with `settings` in electron-store's file, when given) and no
 * --profile-url (so main starts the embedded gateway), and waits until main has installed its
 * menu, the last step of its start-up.
 */
export async function startMain(settings?: Record<string, unknown>): Promise<StartedMain> {
  registerElectronStandIn();
  const recording = electronRecording();
  recording.userData = mkdtempSync(join(tmpdir(), "electron-wiring-"));
  if (settings) writeFileSync(join(recording.userData, "settings.json"), JSON.stringify(settings));
  const umask = process.umask();
  await import(MAIN_FILE.href);
  await vi.waitFor(() => expect(recording.applicationMenus).toHaveLength(1), { timeout: 30_000, interval: 20 });
  const [mainWindow, quickWindow] = recording.windows;
  if (!mainWindow || !quickWindow) throw new Error("main did not create its two windows");
  const window = mainWindow.webContents;
  return {
    recording,
    window,
    mainWindow,
    quickWindow,
    async invoke(channel, payload, sender = {}) {
      const handler = recording.ipcHandlers.get(channel);
      if (!handler) throw new Error(`main registered no handler for ${channel}`);
      const event = {
        sender: sender.contents ?? window,
        senderFrame: { parent: sender.isSubFrame ? {} : null, url: sender.frameUrl ?? "app://modeldesk/index.html" },
      };
      // The bridge reads only the sender and its frame; the rest of IpcMainInvokeEvent is Electron's business.
      return handler(event as unknown as Electron.IpcMainInvokeEvent, payload);
    },
    async request(scheme, url) {
      const handler = recording.protocolHandlers.get(scheme);
      if (!handler) throw new Error(`main registered no ${scheme}:// handler`);
      return handler(new Request(url));
    },
    async quit() {
      recording.quitRequested = false;
      emitAppEvent("will-quit", { preventDefault: () => undefined });
      // Main holds the quit while its services close, then quits again.
      await vi.waitFor(() => expect(recording.quitRequested).toBe(true), { timeout: 30_000, interval: 20 });
      process.umask(umask);
    },
  };
}
