import Conf from "conf";
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { settingsFile } from "../../../electron/web-host/settings-file.ts";
import { tempDir } from "../../support/local-gateway.ts";

const PROFILES = [{ id: "p1", name: "Gateway at 127.0.0.1:4000", baseUrl: "http://127.0.0.1:4000" }];

describe("the web host's settings file", () => {
  it("keeps values across instances, in the file format of conf (electron-store's library), which reads it", () => {
    const dir = tempDir("settings-");
    const path = join(dir, "settings.json");
    settingsFile(path).set("profiles", PROFILES);
    settingsFile(path).set("activeProfileId", "p1");
    expect(settingsFile(path).get("profiles")).toEqual(PROFILES);

    const confDir = tempDir("settings-");
    const conf = new Conf<Record<string, unknown>>({ cwd: confDir, configName: "settings", projectName: "modeldesk" });
    conf.set("profiles", PROFILES);
    conf.set("activeProfileId", "p1");
    expect(readFileSync(path, "utf8")).toBe(readFileSync(conf.path, "utf8"));
    expect(new Conf({ cwd: dir, configName: "settings", projectName: "modeldesk" }).get("activeProfileId")).toBe("p1");
  });

  it("reads what another process wrote since, and nothing for a key never set", () => {
    const path = join(tempDir("settings-"), "settings.json");
    const settings = settingsFile(path);
    expect(settings.get("language")).toBeUndefined();
    writeFileSync(path, JSON.stringify({ language: "zh" }));
    expect(settings.get("language")).toBe("zh");
    expect(settings.get("toString")).toBeUndefined();
  });

  it("sees a rewrite of the same size in place", () => {
    const path = join(tempDir("settings-"), "settings.json");
    const settings = settingsFile(path);
    writeFileSync(path, JSON.stringify({ language: "zh" }));
    expect(settings.get("language")).toBe("zh");
    // Dated apart: a file system that keeps times to the tick may give two quick writes the same times.
    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(path, anHourAgo, anHourAgo);
    expect(settings.get("language")).toBe("zh");
    writeFileSync(path, JSON.stringify({ language: "en" }));
    expect(settings.get("language")).toBe("en");
  });

  it("hands out copies: changing what one get returned changes neither the next get nor the file", () => {
    const path = join(tempDir("settings-"), "settings.json");
    const settings = settingsFile(path);
    settings.set("profiles", PROFILES);
    const profiles = settings.get("profiles") as { name: string }[];
    profiles[0]!.name = "changed";
    profiles.push({ name: "added" });
    expect(settings.get("profiles")).toEqual(PROFILES);
    settings.set("language", "en");
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ profiles: PROFILES, language: "en" });
  });

  it("writes owner-only and leaves no temporary file behind", () => {
    const dir = tempDir("settings-");
    settingsFile(join(dir, "settings.json")).set("language", "en");
    expect(readdirSync(dir)).toEqual(["settings.json"]);
    expect(statSync(join(dir, "settings.json")).mode & 0o777).toBe(0o600);
  });

  it("refuses a file that is not JSON rather than starting over on it", () => {
    const path = join(tempDir("settings-"), "settings.json");
    writeFileSync(path, "{not json");
    expect(() => settingsFile(path).get("profiles")).toThrow(SyntaxError);
    expect(() => settingsFile(path).set("language", "en")).toThrow(SyntaxError);
    expect(readFileSync(path, "utf8")).toBe("{not json");
  });
});
