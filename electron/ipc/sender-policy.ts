/** The app's own origin in Electron: the renderer is served from `app://modeldesk/`. */
export const APP_ORIGIN = "app://modeldesk";

interface SenderFacts {
  readonly webContentsId: number;
  readonly isMainFrame: boolean;
  readonly frameUrl: string;
}

/**
 * The origin of `url` as scheme and host, or null when it is no URL. Custom schemes have an
 * opaque `URL.origin`, so it is built from the parsed parts; a prefix test would let
 * `app://modeldesk.evil` or `app://modeldesk:1` pass for the app.
 */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** Whether `url` is on exactly the app's own origin. */
export function isAppUrl(url: string): boolean {
  return originOf(url) === APP_ORIGIN;
}

/**
 * Why a sender is refused, or null when it is one of the app's windows, calling from its
 * top-level frame, on the app's own origin.
 */
export function senderRefusal(sender: SenderFacts, appWindows: ReadonlySet<number>): string | null {
  if (!appWindows.has(sender.webContentsId)) return "the sender is not an app window";
  if (!sender.isMainFrame) return "the sender is not the window's top-level frame";
  const origin = originOf(sender.frameUrl);
  if (origin === null) return "the sender has no valid URL";
  if (origin !== APP_ORIGIN) return `the sender's origin ${origin} is not the app's`;
  return null;
}
