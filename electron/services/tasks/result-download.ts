import { open, rm } from "node:fs/promises";
import { normalizeBaseUrl } from "../gateway-client/gateway-client.ts";
import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { GatewayError } from "../gateway-client/gateway-error.ts";
import { KEPT_RESULT_TYPES, SIGNATURE_BYTES, mayBeMedia, resultTypeOf } from "../media/media-signature.ts";
import { addressExcerpt as excerpt, type ResultFetch } from "./result-fetch.ts";

/** The code a result download fails with, on its error and on the task it fails. */
export const DOWNLOAD_FAILED = "DOWNLOAD_FAILED";

export type ResultKind = "image" | "video";

const MEBIBYTE = 1024 * 1024;
export const RESULT_SIZE_CAPS: Readonly<Record<ResultKind, number>> = { image: 50 * MEBIBYTE, video: 200 * MEBIBYTE };
const TIMEOUTS_MS: Readonly<Record<ResultKind, number>> = { image: 120_000, video: 600_000 };
export const MAX_REDIRECTS = 5;

export interface ResultSource {
  /** The transport (result-fetch.ts): it connects to private addresses only when told the target is trusted. */
  readonly fetch: ResultFetch;
  /** The base URL of the profile the task belongs to: its own host, on any port, may be plain http and private. */
  readonly profileBaseUrl: string;
  /** Origins the profile's Settings also trust for results (another port, another machine on the LAN). */
  readonly resultOrigins?: readonly string[];
}

/** Address refused, or larger than its cap: trying again cannot help. */
export const LASTING_DOWNLOAD_CODES: readonly string[] = [
  "DOWNLOAD_REFUSED",
  "DOWNLOAD_TOO_LARGE",
  "DOWNLOAD_NOT_MEDIA",
];

/**
 * Streams a generated file into `file` and says its MIME type. Read are the profile's own host on
 * any port and the origins of its Result origins (plain http, private addresses and all), and
 * `https:` anywhere else at public addresses only; redirects are followed by hand under the same
 * rule, no credential is ever sent, the body stops at the kind's size cap, and only a file whose
 * first bytes are a kept type's (PNG, JPEG, WebP, MP4) is kept. On any failure the partial file is removed.
 */
export async function downloadResult(
  address: string,
  file: string,
  kind: ResultKind,
  source: ResultSource,
): Promise<string> {
  const signal = AbortSignal.timeout(TIMEOUTS_MS[kind]);
  try {
    const response = await fetchWithinRule(address, source, signal);
    const contentType = response.headers.get("content-type");
    if (!mayBeMedia(contentType)) {
      await response.body?.cancel();
      // Stryker disable next-line StringLiteral: mayBeMedia(null) is true, so a refused type is never absent
      throw notMedia(contentType ?? "?");
    }
    const head = await streamToFile(response, file, RESULT_SIZE_CAPS[kind]);
    const mime = resultTypeOf(head, kind);
    if (!mime) throw notMedia(contentType ?? "?");
    return mime;
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof GatewayError) throw error;
    if (signal.aborted) throw failed(codedText("DOWNLOAD_TIMED_OUT", { seconds: TIMEOUTS_MS[kind] / 1000 }));
    throw failed(codedText("DOWNLOAD_FAILED", { reason: reasonOf(error) }));
  }
}

async function fetchWithinRule(address: string, source: ResultSource, signal: AbortSignal): Promise<Response> {
  const trust: Trust = {
    ownHost: hostOf(normalizeBaseUrl(source.profileBaseUrl)),
    // Stryker disable next-line ArrayDeclaration: no address has a made-up string for its origin
    origins: new Set(source.resultOrigins ?? []),
  };
  let target = allowedTarget(address, trust);
  for (let redirects = 0; ; redirects++) {
    // No headers at all: a result address must not receive the key, whatever it points at.
    const response = await source.fetch(
      target.url,
      { redirect: "manual", credentials: "omit", signal },
      { privateAllowed: target.trusted },
    );
    if (!isRedirect(response.status)) {
      if (response.ok) return response;
      await response.body?.cancel();
      throw failed(codedText("DOWNLOAD_HTTP", { status: response.status }), response.status);
    }
    await response.body?.cancel();
    const location = response.headers.get("location");
    if (!location) throw failed(codedText("DOWNLOAD_NO_LOCATION", { status: response.status }));
    if (redirects === MAX_REDIRECTS) throw failed(codedText("DOWNLOAD_TOO_MANY_REDIRECTS", { count: MAX_REDIRECTS }));
    target = allowedTarget(new URL(location, target.url).href, trust);
  }
}

/** Where a profile's results may come from besides public https addresses. */
interface Trust {
  readonly ownHost: string | null;
  readonly origins: ReadonlySet<string>;
}

/**
 * The profile's own host (any port) and its Result origins are trusted: plain http and private
 * addresses are read there. Elsewhere only `https:`, and never `file:`, `data:` or the app's own schemes.
 */
function allowedTarget(address: string, trust: Trust): { url: URL; trusted: boolean } {
  const url = URL.parse(address);
  const web = url !== null && (url.protocol === "http:" || url.protocol === "https:");
  const trusted = web && (url.hostname === trust.ownHost || trust.origins.has(url.origin));
  if (web && (trusted || url.protocol === "https:")) return { url, trusted };
  throw new GatewayError({
    code: "DOWNLOAD_REFUSED",
    text: trust.ownHost
      ? codedText("DOWNLOAD_REFUSED", { address: excerpt(address), host: trust.ownHost })
      : codedText("DOWNLOAD_REFUSED_NOT_HTTPS", { address: excerpt(address) }),
  });
}

/** Writes the body to `file`; returns its first bytes, which tell its type. */
async function streamToFile(response: Response, file: string, cap: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > cap) {
    await response.body?.cancel();
    throw tooLarge(cap);
  }
  if (!response.body) throw failed(codedText("DOWNLOAD_NO_BODY"));
  const reader = response.body.getReader();
  const handle = await open(file, "wx", 0o600);
  const head = new Uint8Array(SIGNATURE_BYTES);
  try {
    let received = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // Stryker disable next-line EqualityOperator: at exactly SIGNATURE_BYTES the copy is empty
      if (received < SIGNATURE_BYTES) head.set(chunk.value.subarray(0, SIGNATURE_BYTES - received), received);
      received += chunk.value.byteLength;
      // Counted as it arrives: a chunked answer declares no length, and a declared one can lie.
      if (received > cap) throw tooLarge(cap);
      await handle.write(chunk.value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
  return head;
}

function hostOf(baseUrl: string): string | null {
  const url = URL.parse(baseUrl);
  return url && (url.protocol === "http:" || url.protocol === "https:") ? url.hostname : null;
}

/** Node's fetch puts the network's reason in `cause`; Electron's net.fetch in the message. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

export function tooLarge(cap: number): GatewayError {
  return new GatewayError({
    code: "DOWNLOAD_TOO_LARGE",
    text: codedText("DOWNLOAD_TOO_LARGE", { megabytes: cap / MEBIBYTE }),
  });
}

function notMedia(contentType: string): GatewayError {
  return new GatewayError({
    code: "DOWNLOAD_NOT_MEDIA",
    text: codedText("DOWNLOAD_NOT_MEDIA", { type: excerpt(contentType), kinds: KEPT_RESULT_TYPES }),
  });
}

function failed(text: CodedText, status?: number): GatewayError {
  return new GatewayError({ code: DOWNLOAD_FAILED, text, status });
}
