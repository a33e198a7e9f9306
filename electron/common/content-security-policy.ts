/**
 * The window's CSP, shared by the Electron protocol handler and the web host: scripts only from
 * the app itself, no inline script, connections only to the app (the bridge and the stored media)
 * and nothing else.
 */
export function contentSecurityPolicy(
  connectSources: readonly string[] = [],
  mediaSources: readonly string[] = [],
): string {
  const media = ["'self'", "data:", "blob:", ...mediaSources].join(" ");
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    // No network images: a reply could beacon data out, or reach services on other loopback ports.
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self'",
    // The gallery reads stored media with fetch to make its card previews.
    `connect-src 'self' ${[...connectSources, ...mediaSources].join(" ")}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
