import { ipcMain, type WebContents } from "electron";
import { INVOKE_CHANNELS } from "../../shared/ipc/contract.ts";
import { failure } from "../../shared/ipc/result.ts";
import type { MainCore } from "../ipc/main-core.ts";
import { senderRefusal } from "../ipc/sender-policy.ts";
import type { Page } from "../common/pages.ts";

/**
 * The only module that touches ipcMain and webContents.send (a lint rule keeps it so). Every
 * invoke is checked against the sender policy, then goes through the shared router; each window
 * load is a page whose streams end when it reloads, navigates or crashes.
 */
export class IpcBridge {
  private readonly core: MainCore;
  private readonly appWindows = new Set<number>();
  private readonly pages = new Map<number, { page: Page; close(): void }>();

  constructor(core: MainCore) {
    this.core = core;
    for (const channel of Object.keys(INVOKE_CHANNELS)) {
      ipcMain.handle(channel, async (event, payload: unknown) => {
        const refusal = senderRefusal(
          {
            webContentsId: event.sender.id,
            isMainFrame: event.senderFrame?.parent === null,
            frameUrl: event.senderFrame?.url ?? "",
          },
          this.appWindows,
        );
        if (refusal) return failure({ code: "FORBIDDEN_SENDER", message: `Refused: ${refusal}.` });
        return this.core.route(channel, payload, this.pageOf(event.sender));
      });
    }
  }

  attach(contents: WebContents): void {
    this.appWindows.add(contents.id);
    const endPage = () => {
      this.pages.get(contents.id)?.close();
      this.pages.delete(contents.id);
    };
    contents.on("did-start-navigation", (details) => {
      if (details.isMainFrame && !details.isSameDocument) endPage();
    });
    contents.on("render-process-gone", endPage);
    contents.once("destroyed", () => {
      endPage();
      this.appWindows.delete(contents.id);
    });
  }

  private pageOf(contents: WebContents): Page {
    const existing = this.pages.get(contents.id);
    if (existing) return existing.page;
    const closed = new AbortController();
    const page: Page = {
      id: `${contents.id}:${Date.now()}`,
      closed: closed.signal,
      send(event, payload) {
        if (!contents.isDestroyed() && !closed.signal.aborted) contents.send(event, payload);
      },
    };
    this.pages.set(contents.id, { page, close: () => closed.abort() });
    this.core.pages.add(page);
    return page;
  }
}
