import { describe, expect, it } from "vitest";
import { isAppUrl, senderRefusal } from "../../../electron/ipc/sender-policy.ts";

const windows = new Set([7]);
const sender = { webContentsId: 7, isMainFrame: true, frameUrl: "app://modeldesk/index.html" };

describe("the IPC sender policy", () => {
  it("accepts the app window's top-level frame on the app origin", () => {
    expect(senderRefusal(sender, windows)).toBeNull();
  });

  it.each([
    [{ ...sender, webContentsId: 8 }, /not an app window/],
    [{ ...sender, isMainFrame: false }, /top-level frame/],
    [{ ...sender, frameUrl: "https://evil.example.com/" }, /origin https:\/\/evil\.example\.com is not the app's/],
    [{ ...sender, frameUrl: "file:///etc/passwd" }, /not the app's/],
    [{ ...sender, frameUrl: "app://other/index.html" }, /not the app's/],
    [{ ...sender, frameUrl: "" }, /no valid URL/],
  ])("refuses %j", (candidate, reason) => {
    expect(senderRefusal(candidate, windows)).toMatch(reason);
  });

  it.each([
    "app://modeldesk.evil/index.html",
    "app://modeldesk.evil",
    "app://modeldesk-evil/index.html",
    "app://modeldesk:8080/index.html",
    "app://modeldesk./index.html",
    "app://modeldeskevil/index.html",
    "apps://modeldesk/index.html",
    "app://evil.modeldesk/index.html",
  ])("refuses the look-alike origin of %s: only the app's exact origin is the app", (frameUrl) => {
    expect(senderRefusal({ ...sender, frameUrl }, windows)).toMatch(/is not the app's/);
  });

  it("isAppUrl is true only for a URL on exactly the app's origin", () => {
    expect(isAppUrl("app://modeldesk/index.html#/chat")).toBe(true);
    expect(isAppUrl("app://modeldesk.evil/index.html")).toBe(false);
    expect(isAppUrl("https://modeldesk.app/")).toBe(false);
    expect(isAppUrl("not a url")).toBe(false);
  });
});
