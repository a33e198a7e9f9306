/** The app's own origin in Electron: the renderer is served from `app://modeldesk/`. */
export const APP_ORIGIN = "app://modeldesk";

export interface SenderFacts {
  readonly webContentsId: number;
  readonly isMainFrame: boolean;
  readonly frameUrl: string;
}

/**
 * Why a sender is refused, or null when it is one of the app's windows, calling from its
 * top-level frame, on the app's own origin.
 */
export function senderRefusal(sender: SenderFacts, appWindows: ReadonlySet<number>): string | null {
  if (!appWindows.has(sender.webContentsId)) return "the sender is not an app window";
  if (!sender.isMainFrame) return "the sender is not the window's top-level frame";
  let url: URL;
  try {
    url = new URL(sender.frameUrl);
  } catch {
    return "the sender has no valid URL";
  }
  // Custom schemes have an opaque `origin`, so compare scheme and host.
  const origin = `${url.protocol}//${url.host}`;
  if (origin !== APP_ORIGIN) return `the sender's origin ${origin} is not the app's`;
  return null;
}
