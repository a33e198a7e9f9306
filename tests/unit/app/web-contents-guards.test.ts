import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { guardWebContents, type GuardableWebContents } from "../../../electron/app/web-contents-guards.ts";

/** A web contents as the guards see it: an event emitter with a window-open handler slot. */
class FakeWebContents extends EventEmitter implements GuardableWebContents {
  openHandler: ((details: { url: string }) => { action: "deny" }) | null = null;

  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void {
    this.openHandler = handler;
  }

  /** Emits `name` the way Electron does; whether a listener prevented it. */
  dispatch(name: "will-navigate" | "will-attach-webview", url?: string): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, url);
    return prevented;
  }
}

function guarded(): { contents: FakeWebContents; opened: string[] } {
  const contents = new FakeWebContents();
  const opened: string[] = [];
  guardWebContents(contents, (url) => opened.push(url));
  return { contents, opened };
}

describe("guardWebContents", () => {
  it("denies every new window and hands its address to the external opener", () => {
    const { contents, opened } = guarded();
    expect(contents.openHandler?.({ url: "https://example.com/x.png" })).toEqual({ action: "deny" });
    expect(contents.openHandler?.({ url: "file:///etc/passwd" })).toEqual({ action: "deny" });
    expect(opened).toEqual(["https://example.com/x.png", "file:///etc/passwd"]);
  });

  it.each([
    "https://example.com/",
    "http://127.0.0.1:9/leak",
    "file:///etc/passwd",
    "app://modeldesk.evil/",
    "app://modeldesk.evil",
    "app://modeldesk:8080/index.html",
    "app://modeldesk-evil/",
    "not a url",
  ])("stops a navigation to %s and hands it to the external opener", (url) => {
    const { contents, opened } = guarded();
    expect(contents.dispatch("will-navigate", url)).toBe(true);
    expect(opened).toEqual([url]);
  });

  it("lets the app navigate within its own origin", () => {
    const { contents, opened } = guarded();
    expect(contents.dispatch("will-navigate", "app://modeldesk/index.html")).toBe(false);
    expect(opened).toEqual([]);
  });

  it("refuses to attach a webview", () => {
    const { contents } = guarded();
    expect(contents.dispatch("will-attach-webview")).toBe(true);
  });
});
