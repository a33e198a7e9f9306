/**
 * An address the app may show as a link or offer to open: absolute `http:` or `https:` only.
 * Model output and search results are not trusted, so `javascript:`, `data:`, `file:` and
 * relative addresses (which would resolve against the app's own origin) give null.
 */
export function webUrl(address: unknown): URL | null {
  if (typeof address !== "string") return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}
