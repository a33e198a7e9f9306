import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { INVOKE_CHANNELS } from "../../../shared/ipc/contract.ts";
import { WebContentsStandIn } from "../../support/electron-stand-in/web-contents-stand-in.ts";
import { startMain, type StartedMain } from "./start-main.ts";

let main: StartedMain;
beforeAll(async () => {
  main = await startMain();
});
afterAll(() => main.quit());

const FORBIDDEN = { ok: false, error: { code: "FORBIDDEN_SENDER" } };

describe("the IPC bridge main wires", () => {
  test("registers every channel of the contract, and nothing else", () => {
    expect([...main.recording.ipcHandlers.keys()].sort()).toEqual(Object.keys(INVOKE_CHANNELS).sort());
  });

  test("answers the main window's top-level frame through the router", async () => {
    expect(await main.invoke("app.info", undefined)).toMatchObject({ ok: true });
  });

  test("refuses a web contents that is not an app window", async () => {
    expect(await main.invoke("app.info", undefined, { contents: new WebContentsStandIn() })).toMatchObject(FORBIDDEN);
  });

  test("refuses a sub-frame of the main window", async () => {
    expect(await main.invoke("profiles.list", undefined, { isSubFrame: true })).toMatchObject(FORBIDDEN);
  });

  test("refuses the main window once it has navigated to another origin", async () => {
    expect(await main.invoke("profiles.list", undefined, { frameUrl: "https://example.com/" })).toMatchObject(
      FORBIDDEN,
    );
  });

  // Last: the window is gone afterwards.
  test("refuses the main window once it is destroyed", async () => {
    main.window.emit("destroyed");
    expect(await main.invoke("app.info", undefined)).toMatchObject(FORBIDDEN);
  });
});
