import { shell } from "electron";

/**
 * Opens a link in the user's browser when it is https, or a help page of the embedded gateway
 * (its citations); anything else is refused.
 */
export function openExternalIfAllowed(url: string, localGatewayOrigin: string | null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const isLocalHelp =
    localGatewayOrigin !== null && parsed.origin === localGatewayOrigin && parsed.pathname.startsWith("/help");
  if (parsed.protocol !== "https:" && !isLocalHelp) return false;
  void shell.openExternal(parsed.toString());
  return true;
}
