import { invalidParams } from "../http-error.ts";
import type { RenderPool } from "./render-pool.ts";

export const REFERENCE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

const tooLarge = () =>
  invalidParams(`image: the reference image is larger than ${REFERENCE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
const notDownloaded = (url: string) => invalidParams(`image: the reference image could not be downloaded from ${url}.`);

/**
 * Fetches the `image` of an image-to-video request and checks on a worker thread that it decodes
 * (a large picture takes a while); any problem is a 400 naming the field.
 */
export async function loadReferenceImage(url: string, checks: RenderPool): Promise<Uint8Array> {
  const bytes = url.startsWith("data:") ? bytesOfDataUrl(url) : await download(url);
  if (bytes.length > REFERENCE_IMAGE_MAX_BYTES) throw tooLarge();
  // The worker gets a copy: the bytes are kept here for the task.
  if (!(await checks.run("decodableImage", bytes))) {
    throw invalidParams("image: the reference image must be a PNG or JPEG.");
  }
  return bytes;
}

function bytesOfDataUrl(url: string): Uint8Array {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!match) throw invalidParams("image: malformed data: URL.");
  const [, , base64, payload = ""] = match;
  if (base64) return Buffer.from(payload, "base64");
  try {
    return Buffer.from(decodeURIComponent(payload), "utf8");
  } catch {
    throw invalidParams("image: malformed %-escape in the data: URL.");
  }
}

async function download(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  } catch {
    throw notDownloaded(url);
  }
  if (!response.ok) {
    void response.body?.cancel();
    throw invalidParams(`image: downloading the reference image failed with HTTP ${response.status}.`);
  }
  if (Number(response.headers.get("content-length") ?? 0) > REFERENCE_IMAGE_MAX_BYTES) {
    void response.body?.cancel();
    throw tooLarge();
  }
  return readCapped(response, url);
}

/** Reads the body up to the cap and hangs up past it: `content-length` may be absent or lie. */
async function readCapped(response: Response, url: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for await (const chunk of response.body ?? []) {
      received += chunk.length;
      // Leaving the loop cancels the body, which closes the connection.
      if (received > REFERENCE_IMAGE_MAX_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    throw received > REFERENCE_IMAGE_MAX_BYTES ? error : notDownloaded(url);
  }
  return Buffer.concat(chunks);
}
