import { isAppUrl } from "../ipc/sender-policy.ts";

interface PreventableEvent {
  preventDefault(): void;
}

/** What the guards touch of Electron's `WebContents`. */
export interface GuardableWebContents {
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void;
  on(event: "will-navigate", listener: (event: PreventableEvent, url: string) => void): unknown;
  on(event: "will-attach-webview", listener: (event: PreventableEvent) => void): unknown;
}

/**
 * Keeps a web contents on the app's own origin: new windows and navigations elsewhere are refused
 * and handed to `openExternal` (which opens only what it allows), and no webview can be attached.
 */
export function guardWebContents(contents: GuardableWebContents, openExternal: (url: string) => void): void {
  contents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: "deny" };
  });
  contents.on("will-navigate", (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openExternal(url);
  });
  contents.on("will-attach-webview", (event) => event.preventDefault());
}
