/** Where the address the web host printed carries its per-run secret. */
const ADDRESS_PARAM = "token";
/** The tab's copy, for a reload: sessionStorage belongs to this tab and this origin, and no request carries it. */
export const HOST_SECRET_TAB_KEY = "modeldesk.hostSecret";

/**
 * The web host's per-run secret, taken once when the page starts: from the address it was opened
 * with (which is then put back without it, so it is neither shown nor kept in history), else from
 * what this tab kept of it before a reload. Null when neither has it: only the printed address
 * opens the app then.
 */
export function takeHostSecret(): string | null {
  const params = new URLSearchParams(window.location.search);
  const fromAddress = params.get(ADDRESS_PARAM);
  if (fromAddress === null) return sessionStorage.getItem(HOST_SECRET_TAB_KEY);
  sessionStorage.setItem(HOST_SECRET_TAB_KEY, fromAddress);
  params.delete(ADDRESS_PARAM);
  const rest = params.toString();
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${rest ? `?${rest}` : ""}`);
  return fromAddress;
}

/**
 * Goes to the recovery page the web host serves in place of the app once it stopped for damage: at
 * the printed address, with the secret this tab kept (the page runs no script to prove it). In
 * Electron the tab keeps no secret, and main asks in a dialog instead.
 */
export function openRecoveryPage(): void {
  const secret = sessionStorage.getItem(HOST_SECRET_TAB_KEY);
  if (secret !== null) window.location.assign(`/?${new URLSearchParams({ [ADDRESS_PARAM]: secret }).toString()}`);
}
