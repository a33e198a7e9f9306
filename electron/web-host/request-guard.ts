import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";

const COOKIE = "modeldesk_token";

export type Admission =
  | { readonly admitted: true; readonly url: URL }
  | { readonly admitted: false; readonly status: 400 | 403; readonly message: string };

/**
 * The check every request and WebSocket upgrade passes before anything else: it must name this
 * host exactly (a DNS-rebinding page or another name for the loopback reaches it with another
 * Host), carry a path as its target, and the per-run token in the URL or the cookie. Never throws.
 */
export function requestGuard(origin: string, token: string): (request: IncomingMessage) => Admission {
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
    if (!sameSecret(url.searchParams.get("token"), token) && !sameSecret(cookieOf(request, COOKIE), token)) {
      return {
        admitted: false,
        status: 403,
        message: "Open the address the web host printed (it carries the access token).",
      };
    }
    return { admitted: true, url };
  };
}

/** The cookie that keeps the token after the first page: script cannot read it, other sites cannot send it. */
export function tokenCookie(token: string): string {
  return `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

function cookieOf(request: IncomingMessage, name: string): string | null {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}

/** Compares bytes, not characters: timingSafeEqual throws on buffers of different lengths. */
function sameSecret(candidate: string | null, secret: string): boolean {
  if (candidate === null) return false;
  const given = Buffer.from(candidate);
  const expected = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
