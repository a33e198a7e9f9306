import { lookup as lookUpHost, type LookupAddress, type LookupOptions } from "node:dns";
import type { IncomingMessage } from "node:http";
import { isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { isPrivateAddress } from "./private-addresses.ts";

// An ES import of node:http reads every export, among them the lazy getters that load Node's fetch
// (undici, ~50 ms of the app's start): the module object is read only for what is used.
const { request: httpRequest } = process.getBuiltinModule("node:http");
const { request: httpsRequest } = process.getBuiltinModule("node:https");

/** How the downloader reaches a result address it has allowed: its own host's anywhere, others' at public addresses only. */
export type ResultFetch = (
  url: URL,
  init: { readonly redirect: "manual"; readonly credentials: "omit"; readonly signal: AbortSignal },
  target: { readonly privateAllowed: boolean },
) => Promise<Response>;

/**
 * Fetches a result with Node's own HTTP client, whatever the host (Electron's net.fetch resolves
 * names where the app cannot see): the name is resolved once, the addresses are checked, and the
 * connection goes to a checked address, so no second lookup (DNS rebinding) can point it
 * elsewhere. Sends no header of the app's, keeps no connection for later, follows no redirect.
 */
export const guardedResultFetch: ResultFetch = (url, { signal }, { privateAllowed }) =>
  new Promise((resolve, reject) => {
    // Stryker disable next-line Regex: a URL's hostname holds square brackets only around an IPv6 address, at its two ends
    const literal = url.hostname.replace(/^\[|\]$/g, "");
    // A literal address is connected to without any lookup: it is checked here.
    if (!privateAllowed && isIP(literal) && isPrivateAddress(literal)) {
      return reject(privateRefusal(url.href, url.hostname, literal));
    }
    const send = url.protocol === "https:" ? httpsRequest : httpRequest;
    const request = send(
      url,
      { agent: false, signal, ...(privateAllowed ? {} : { lookup: publicOnlyLookup(url.href) }) },
      (message) => {
        try {
          resolve(responseOf(message));
        } catch (error) {
          message.destroy();
          reject(error);
        }
      },
    );
    request.on("error", (error: Error & { cause?: unknown }) =>
      reject(error.cause instanceof GatewayError ? error.cause : error),
    );
    request.end();
  });

/** A lookup that answers only with public addresses, and refuses a name that has none. */
function publicOnlyLookup(address: string): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    lookUpHost(hostname, { ...options, all: true }, (error, found: LookupAddress[]) => {
      // Stryker disable next-line StringLiteral: with an error, Node reads no address from the lookup's answer
      if (error) return callback(error, "", 0);
      const usable = found.filter((entry) => !isPrivateAddress(entry.address));
      const [first] = usable;
      if (!first) return callback(privateRefusal(address, hostname, found[0]?.address ?? "?"), "", 0);
      // Node asks for every address when it tries each family in turn (autoSelectFamily).
      if (options.all) callback(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}

function responseOf(message: IncomingMessage): Response {
  const status = message.statusCode ?? 0;
  if (status < 200 || status > 599) throw new Error(`the server answered status ${status}`);
  const headers = new Headers();
  for (const [name, values = []] of Object.entries(message.headersDistinct)) {
    for (const value of values) headers.append(name, value);
  }
  const bodiless = status === 204 || status === 205 || status === 304;
  if (bodiless) message.resume();
  const body = bodiless ? null : (Readable.toWeb(message) as ReadableStream<Uint8Array>);
  return new Response(body, { status, headers });
}

/** An address as errors quote it: the first 80 characters. */
export const addressExcerpt = (address: string) => (address.length > 80 ? `${address.slice(0, 77)}…` : address);

function privateRefusal(address: string, host: string, ip: string): GatewayError {
  return new GatewayError({
    code: "DOWNLOAD_REFUSED",
    text: codedText("DOWNLOAD_REFUSED_PRIVATE", { address: addressExcerpt(address), host, ip }),
  });
}
