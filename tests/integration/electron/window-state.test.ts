import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { startMain, type StartedMain } from "./start-main.ts";

let main: StartedMain;
beforeAll(async () => {
  main = await startMain({ mainWindowState: { bounds: { x: 120, y: 80, width: 1000, height: 700 }, maximized: true } });
});
afterAll(() => main.quit());

const saved = () => JSON.parse(readFileSync(join(main.recording.userData, "settings.json"), "utf8")).mainWindowState;

describe("the main window's place", () => {
  test("opens where it was last time, maximised again", () => {
    expect(main.mainWindow.options).toMatchObject({ x: 120, y: 80, width: 1000, height: 700 });
    expect(main.mainWindow.isMaximized()).toBe(true);
  });

  test("is kept as the user moves, resizes and maximises it", async () => {
    main.mainWindow.maximized = false;
    main.mainWindow.setBounds({ x: 300, y: 200, width: 1100, height: 720 });
    await vi.waitFor(() =>
      expect(saved()).toEqual({ bounds: { x: 300, y: 200, width: 1100, height: 720 }, maximized: false }),
    );
    main.mainWindow.maximize();
    expect(saved()).toMatchObject({ maximized: true });
  });
});

describe("a place on no display", () => {
  test("is not restored, so the window never opens out of sight", async () => {
    main.recording.displayWorkAreas.splice(0, 1, { x: 0, y: 0, width: 1280, height: 800 });
    const { savedWindowState } = await import("../../../electron/app/window-state.ts");
    const settings = (value: unknown) => ({ get: () => value, set: () => {} });
    const place = (x: number, y: number) => ({ bounds: { x, y, width: 1000, height: 700 }, maximized: false });
    expect(savedWindowState(settings(place(100, 50)))).toEqual(place(100, 50));
    expect(savedWindowState(settings(place(3000, 50)))).toBeNull();
    expect(savedWindowState(settings(place(-990, 50)))).toBeNull();
    expect(savedWindowState(settings({ bounds: "everywhere" }))).toBeNull();
    expect(savedWindowState(settings(undefined))).toBeNull();
  });
});
