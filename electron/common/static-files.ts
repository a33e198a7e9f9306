import { realpath, stat } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import { QUICK_CHAT_PATH } from "../../shared/ipc/desktop.ts";

/** The page's own addresses, which are all the one `index.html` (it picks its view from the path). */
const PAGE_PATHS = new Set(["/", QUICK_CHAT_PATH]);

/** The renderer file a request path names: `index.html` for the page's own addresses. */
export function rendererFilePath(urlPath: string): string {
  return PAGE_PATHS.has(urlPath) ? "/index.html" : urlPath;
}

/**
 * The file under `root` that `urlPath` names, or null when the path is malformed, hidden (a
 * segment starts with a dot), escapes root (also through a symlink) or is not a file. The real
 * path is returned, so what is served is what was checked.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<string | null> {
  const decoded = decodedPath(urlPath);
  if (decoded === null) return null;
  const relative = normalize(decoded).replace(/^([/\\])+/, "");
  if (/(^|[/\\])\./.test(relative)) return null;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(join(root, relative))]);
    return isInside(realRoot, realFile) && (await stat(realFile)).isFile() ? realFile : null;
  } catch {
    return null;
  }
}

function decodedPath(urlPath: string): string | null {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return null;
  }
}

function isInside(root: string, path: string): boolean {
  return path.startsWith(root + sep);
}
