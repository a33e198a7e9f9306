import { net, protocol } from "electron";
import { pathToFileURL } from "node:url";
import { contentSecurityPolicy } from "../services/content-security-policy.ts";
import { resolveStaticFile } from "../web-host/static-files.ts";

/** Must run before `app.ready`: `app://` behaves like a secure, standard origin. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: "app", privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Serves the built renderer at `app://modeldesk/`, with the CSP on every response; nothing outside its folder. */
export function serveRenderer(rendererDir: string): void {
  protocol.handle("app", async (request) => {
    const url = new URL(request.url);
    if (url.host !== "modeldesk") return new Response("Not found", { status: 404 });
    const file = await resolveStaticFile(rendererDir, url.pathname === "/" ? "/index.html" : url.pathname);
    if (!file) return new Response("Not found", { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set("content-security-policy", contentSecurityPolicy());
    headers.set("x-content-type-options", "nosniff");
    return new Response(response.body, { status: response.status, headers });
  });
}
