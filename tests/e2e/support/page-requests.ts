import type { Page } from "@playwright/test";

/**
 * Records every request a page issues. `issuedSoFar()` proves the record complete up to that
 * moment instead of waiting a while: the page loads an image of its own origin, and once that
 * request is seen, every request the page issued before it has been seen too (the browser reports a
 * page's requests in the order it issues them).
 */
export function recordPageRequests(page: Page) {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  let sentinels = 0;
  return {
    async issuedSoFar(): Promise<string[]> {
      const marker = `/request-sentinel-${++sentinels}.png`;
      const seen = page.waitForRequest((request) => request.url().endsWith(marker));
      await page.evaluate((path) => {
        new Image().src = path;
      }, marker);
      await seen;
      return urls.slice(
        0,
        urls.findIndex((url) => url.endsWith(marker)),
      );
    },
  };
}

/** The requests among `urls` that went to `origin`. */
export const requestsTo = (urls: readonly string[], origin: string) => urls.filter((url) => url.startsWith(origin));
