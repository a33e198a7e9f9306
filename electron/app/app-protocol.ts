import { net, protocol } from "electron";
import { pathToFileURL } from "node:url";
import { contentSecurityPolicy } from "../common/content-security-policy.ts";
import { rendererFilePath, resolveStaticFile } from "../common/static-files.ts";
import { APP_ORIGIN } from "../ipc/sender-policy.ts";

/** Must run before `app.ready`: `app://` behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
    // corsEnabled: the window reads stored images with fetch to make the gallery's card previews.
    {
      scheme: "media",
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, corsEnabled: true },
    },
  ]);
}

/** What every `app://` answer carries, a 404 included: the page's CSP and no content sniffing. */
function appHeaders(base?: Headers): Headers {
  const headers = new Headers(base);
  headers.set("content-security-policy", contentSecurityPolicy([], ["media:"]));
  headers.set("x-content-type-options", "nosniff");
  return headers;
}

const notFound = () => new Response("Not found", { status: 404, headers: appHeaders() });

type StoredFile = { path: string; mime: string } | null;

/**
 * `media://local/<id>`: stored images and videos by id only, the window never sees a path;
 * `media://local/<id>/thumbnail`: a picture's card preview.
 */
export function serveMedia(fileOf: (id: string) => StoredFile, thumbnailOf: (id: string) => StoredFile): void {
  protocol.handle("media", async (request) => {
    const [, id, thumbnail] = /^\/([0-9a-f-]{36})(\/thumbnail)?$/.exec(new URL(request.url).pathname) ?? [];
    const media = id === undefined ? null : thumbnail ? thumbnailOf(id) : fileOf(id);
    if (!media) return notFound();
    // net.fetch of a file URL streams it and answers Range requests, which <video> needs.
    const response = await net.fetch(pathToFileURL(media.path).toString(), { headers: request.headers });
    const headers = new Headers(response.headers);
    headers.set("content-type", media.mime);
    headers.set("x-content-type-options", "nosniff");
    headers.set("access-control-allow-origin", APP_ORIGIN);
    return new Response(response.body, { status: response.status, headers });
  });
}

/** Serves the built renderer at `app://modeldesk/`, with the CSP on every response; nothing outside its folder. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle("app", async (request) => {
    const url = new URL(request.url);
    if (url.host !== "modeldesk") return notFound();
    const file = await resolveStaticFile(rendererDir, rendererFilePath(url.pathname));
    if (!file) return notFound();
    const response = await net.fetch(pathToFileURL(file).toString());
    return new Response(response.body, { status: response.status, headers: appHeaders(response.headers) });
  });
}
