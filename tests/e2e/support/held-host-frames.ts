import type { Page } from "@playwright/test";

/**
 * Holds back what the host sends the page over its bridge when `held` matches it, until `release()`:
 * for the moments between a call and its answer that a fast machine never shows (web host only).
 */
export function holdHostFrames(held: (frame: string) => boolean) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const beforeOpen = (page: Page) =>
    page.routeWebSocket(/./, (socket) => {
      const host = socket.connectToServer();
      socket.onMessage((message) => host.send(message));
      host.onMessage((message) => {
        if (held(String(message))) void released.then(() => socket.send(message));
        else socket.send(message);
      });
    });
  return { beforeOpen, release: () => release() };
}
