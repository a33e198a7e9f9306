import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { WebContentsStandIn } from "../../support/electron-stand-in/web-contents-stand-in.ts";
import { emitAppEvent } from "../../support/electron-stand-in/recording.ts";
import { MAIN_FILE, startMain, type StartedMain } from "./start-main.ts";

let main: StartedMain;
beforeAll(async () => {
  main = await startMain();
});
afterAll(() => main.quit());

function preventable() {
  const event = { prevented: false, preventDefault: () => void (event.prevented = true) };
  return event;
}

function expectGuarded(contents: WebContentsStandIn): void {
  expect(
    contents.windowOpenHandler?.({
      url: "https://example.com/",
      frameName: "",
      features: "",
      disposition: "new-window",
      referrer: { url: "", policy: "no-referrer" },
    }),
  ).toEqual({
    action: "deny",
  });
  const away = preventable();
  contents.emit("will-navigate", away, "https://example.com/");
  expect(away.prevented).toBe(true);
  const inApp = preventable();
  contents.emit("will-navigate", inApp, "app://modeldesk/index.html");
  expect(inApp.prevented).toBe(false);
  const webview = preventable();
  contents.emit("will-attach-webview", webview);
  expect(webview.prevented).toBe(true);
}

describe("the main window and the quick chat window", () => {
  test("both are isolated, sandboxed, without Node or webviews, with the built preload beside main", () => {
    expect(main.recording.windowOptions).toHaveLength(2);
    for (const options of main.recording.windowOptions) {
      expect(options.webPreferences).toEqual({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webviewTag: false,
        spellcheck: false,
        preload: join(dirname(fileURLToPath(MAIN_FILE)), "..", "preload", "preload.cjs"),
      });
    }
  });

  test("both load the renderer from the app's own origin: the main view and /quick", () => {
    expect(main.recording.loadedUrls).toEqual(["app://modeldesk/index.html", "app://modeldesk/quick"]);
  });

  test("app:// and media:// are registered as privileged schemes before ready", () => {
    expect(main.recording.privilegedSchemes.map((scheme) => scheme.scheme).sort()).toEqual(["app", "media"]);
  });

  test("single instance: main takes the lock and stays running", () => {
    expect(main.recording.quitRequested).toBe(false);
    expect(main.recording.appListeners.has("second-instance")).toBe(true);
  });
});

describe("guards on web contents", () => {
  test("the main window and the quick chat window refuse new windows, navigations away and webviews", () => {
    expectGuarded(main.window);
    expectGuarded(main.quickWindow.webContents);
  });

  test("a refused https link goes to the user's browser instead", () => {
    main.window.emit("will-navigate", preventable(), "https://example.com/help");
    expect(main.recording.openedExternally).toContain("https://example.com/help");
  });

  test("any web contents created later gets the same guards", () => {
    const later = new WebContentsStandIn();
    emitAppEvent("web-contents-created", {}, later);
    expectGuarded(later);
  });

  test("permission requests and checks are refused", () => {
    const answers: boolean[] = [];
    const request = main.recording.permissionRequestHandler;
    const check = main.recording.permissionCheckHandler;
    expect(request).toBeTypeOf("function");
    expect(check).toBeTypeOf("function");
    for (const permission of ["media", "geolocation", "notifications"] as const) {
      // The handler ignores which web contents asks; a stand-in one is enough.
      request?.(main.window as unknown as Electron.WebContents, permission, (granted) => answers.push(granted), {
        requestingUrl: "app://modeldesk/index.html",
        isMainFrame: true,
      });
    }
    expect(answers).toEqual([false, false, false]);
    expect(check?.(null, "media", "app://modeldesk", { isMainFrame: true })).toBe(false);
  });
});
