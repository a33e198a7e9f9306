import { invalidParams } from "../http-error.ts";
import { decodeImage } from "./png-codec.ts";
import type { RgbImage } from "./rgb-image.ts";

export const REFERENCE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;

/** Fetches and decodes the `image` of an image-to-video request; any problem is a 400 naming the field. */
export async function loadReferenceImage(url: string): Promise<{ bytes: Uint8Array; image: RgbImage }> {
  const bytes = url.startsWith("data:") ? bytesOfDataUrl(url) : await download(url);
  if (bytes.length > REFERENCE_IMAGE_MAX_BYTES) {
    throw invalidParams(`image: the reference image is larger than ${REFERENCE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const image = decodeImage(bytes);
  if (!image) throw invalidParams("image: the reference image must be a PNG or JPEG.");
  return { bytes, image };
}

function bytesOfDataUrl(url: string): Uint8Array {
  const match = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(url);
  if (!match) throw invalidParams("image: malformed data: URL.");
  return match[2] ? Buffer.from(match[3]!, "base64") : Buffer.from(decodeURIComponent(match[3]!), "utf8");
}

async function download(url: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
  } catch {
    throw invalidParams(`image: the reference image could not be downloaded from ${url}.`);
  }
  if (!response.ok) throw invalidParams(`image: downloading the reference image failed with HTTP ${response.status}.`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > REFERENCE_IMAGE_MAX_BYTES) {
    throw invalidParams(`image: the reference image is larger than ${REFERENCE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
  }
  return new Uint8Array(await response.arrayBuffer());
}
