import type { AppServices } from "../services/app-services.ts";
import { rendererFilePath, resolveStaticFile } from "../common/static-files.ts";
import { sameSecret } from "./host-access.ts";

const MEDIA_PATH = /^\/media\/([0-9a-f]{64})\/([0-9a-f-]{36})(\/thumbnail)?$/;

/**
 * The file a GET of the web host answers with, and the headers of its kind; null for none (404).
 * Stored media need the per-run capability in their address; the app's own files hold nothing of
 * the user's, so a reload, whose address no longer carries the secret, gets them, and the page
 * then proves itself on the bridge with the secret it kept.
 */
export async function appFileFor(
  pathname: string,
  media: AppServices["media"],
  mediaCapability: string,
  rendererDir: string,
): Promise<{ path: string; headers: Record<string, string> } | null> {
  if (pathname.startsWith("/media/")) {
    const [, capability, mediaId, thumbnail] = MEDIA_PATH.exec(pathname) ?? [];
    if (mediaId === undefined || !sameSecret(capability, mediaCapability)) return null;
    const stored = thumbnail ? media.thumbnailFile(mediaId) : media.file(mediaId);
    if (!stored) return null;
    // A preview made again (the one kept was damaged) keeps its address: asked again, not reused unasked.
    const cacheControl = thumbnail ? "private, no-cache" : "private, max-age=86400";
    return { path: stored.path, headers: { "content-type": stored.mime, "cache-control": cacheControl } };
  }
  return rendererFileFor(pathname, rendererDir);
}

/** The app's own file at `pathname` (its page, scripts, styles), and its headers; null for none (404). */
export async function rendererFileFor(
  pathname: string,
  rendererDir: string,
): Promise<{ path: string; headers: Record<string, string> } | null> {
  if (pathname.startsWith("/media/")) return null;
  const file = await resolveStaticFile(rendererDir, rendererFilePath(pathname));
  if (!file) return null;
  // Vite names what it puts in assets/ by their content: a changed file has a new address.
  const immutable = pathname.startsWith("/assets/");
  return { path: file, headers: immutable ? { "cache-control": "private, max-age=31536000, immutable" } : {} };
}
