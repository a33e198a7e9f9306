import { spawnSync } from "node:child_process";
import { existsSync, globSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { validateConfiguration } from "app-builder-lib/out/util/config/config.js";
import { DebugLogger } from "builder-util/out/DebugLogger.js";

const root = resolve(import.meta.dirname, "..", "..", "..");
const config = parse(readFileSync(join(root, "electron-builder.yml"), "utf8")) as {
  appId: string;
  asar: boolean;
  files: string[];
  electronFuses: Record<string, boolean>;
  linux: { target: string[]; icon: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
};
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  main: string;
  dependencies: Record<string, string>;
};

describe("electron-builder.yml", () => {
  beforeAll(() => {
    const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: root, encoding: "utf8" });
    expect(build.status, build.stderr).toBe(0);
  }, 120_000);

  it("is valid against electron-builder's own schema", async () => {
    await expect(validateConfiguration(config as never, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it("names the app, packs into asar and targets every desktop platform", () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z]+)+$/);
    expect(config.asar).toBe(true);
    expect(config.linux.target).toEqual(["AppImage", "deb"]);
    expect(config.win.target).toEqual(["nsis"]);
    expect(config.mac.target).toEqual(["dmg"]);
    for (const icon of [config.linux.icon, config.win.icon, config.mac.icon])
      expect(existsSync(join(root, icon))).toBe(true);
  });

  it("turns the Electron fuses that matter off (and asar integrity on)", () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it("packs only built output, and every pattern matches built files", () => {
    for (const pattern of config.files) {
      expect(pattern === "package.json" || pattern.startsWith("dist/electron/"), pattern).toBe(true);
      expect(globSync(pattern, { cwd: root }).length, pattern).toBeGreaterThan(0);
    }
    expect(existsSync(join(root, packageJson.main))).toBe(true);
    expect(packageJson.main).toBe("dist/electron/main/main.js");
    expect(existsSync(join(root, "dist/electron/preload/preload.cjs"))).toBe(true);
    expect(existsSync(join(root, "dist/electron/renderer/index.html"))).toBe(true);
  });

  it("ships no build-time UI libraries as runtime dependencies (they are bundled into the renderer)", () => {
    for (const name of ["react", "react-dom", "vite", "electron"])
      expect(packageJson.dependencies).not.toHaveProperty(name);
  });
});
