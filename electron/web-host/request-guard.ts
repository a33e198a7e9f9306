import type { IncomingMessage } from "node:http";

type Admission =
  | { readonly admitted: true; readonly url: URL }
  | { readonly admitted: false; readonly status: 400 | 403; readonly message: string };

/** What a refused visitor is told: only the printed address, which carries the per-run secret, opens the app. */
export const OPEN_PRINTED_ADDRESS = "Open the address the web host printed (it carries the access token).";

/**
 * The check every request and WebSocket upgrade passes before anything else: it must name this
 * host exactly (a DNS-rebinding page or another name for the loopback reaches it with another
 * Host) and carry a path as its target. What needs the per-run secret checks it afterwards: no
 * cookie carries it, since a cookie for 127.0.0.1 goes to every port there. Never throws.
 */
export function requestGuard(origin: string): (request: IncomingMessage) => Admission {
  const host = new URL(origin).host;
  return (request) => {
    if (request.headers.host !== host) {
      return { admitted: false, status: 403, message: `Open the address the web host printed (${origin}/?token=…).` };
    }
    // Joined to the origin rather than resolved against it: "//x:abc/" stays a path instead of
    // becoming another authority (or a parse error).
    const target = request.url ?? "";
    const url = target.startsWith("/") ? URL.parse(origin + target) : null;
    if (url === null) return { admitted: false, status: 400, message: "Bad request" };
    return { admitted: true, url };
  };
}
