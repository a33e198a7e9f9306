import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, connectedToItsHost, openBrowserHost, type BrowserHost } from "./browser-host-fixture.ts";

let app: BrowserHost;
beforeAll(async () => {
  app = await openBrowserHost();
}, 180_000);
afterAll(async () => {
  await app.close();
  await closeBrowser();
});

describe("the web host's secret in the browser", () => {
  it("goes to no other loopback port the app's browser opens", async () => {
    const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
    const other = createServer((request, response) => {
      seen.push({ url: request.url ?? "", headers: request.headers });
      response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>other</title>");
    });
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    try {
      // What "Load image · 127.0.0.1:PORT" or a link in a reply opens: another tab of the same browser.
      const address = `http://127.0.0.1:${(other.address() as AddressInfo).port}/leak.png`;
      const tab = await app.context.newPage();
      await tab.goto(address);
      await tab.close();
      expect(seen.length).toBeGreaterThan(0);
      expect(JSON.stringify(seen)).not.toContain(app.secret);
      expect(await app.context.cookies()).toEqual([]);
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("leaves the address bar, and a reload still reaches the host", async () => {
    const { page } = app;
    expect(page.url()).not.toContain(app.secret);
    await page.reload();
    await connectedToItsHost(page);
    expect(page.url()).not.toContain(app.secret);
    expect(app.sentFrames.join("\n")).not.toContain(app.secret);
  });
});
