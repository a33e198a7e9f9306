import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { commandLineProfile } from "../../electron/app/command-line.ts";
import { PROFILE_KEY_VARIABLE, profileFromCommandLine } from "../../electron/services/command-line-profile.ts";
import { tempDir } from "../support/local-gateway.ts";

const GATEWAY_URL = "http://127.0.0.1:9/";
const dir = tempDir("profile-key-");
const keyFile = join(dir, "key");
writeFileSync(keyFile, "  sk-from-file\n");
writeFileSync(join(dir, "empty"), "\n");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENV = { [PROFILE_KEY_VARIABLE]: "sk-from-env" };

describe("the profile key given on the command line", () => {
  it("comes from the environment without a warning", () => {
    expect(profileFromCommandLine({ "profile-url": GATEWAY_URL }, ENV)).toEqual({
      profile: { baseUrl: GATEWAY_URL, key: "sk-from-env" },
      warning: undefined,
    });
  });

  it("comes from --profile-key-file, trimmed, ahead of the flag and the environment", () => {
    const values = { "profile-url": GATEWAY_URL, "profile-key-file": keyFile };
    expect(profileFromCommandLine(values, ENV).profile).toEqual({ baseUrl: GATEWAY_URL, key: "sk-from-file" });
    expect(profileFromCommandLine({ ...values, "profile-key": "sk-flag" }, ENV).profile?.key).toBe("sk-from-file");
  });

  it("comes from --profile-key ahead of the environment, with a warning that names the safe ways", () => {
    const { profile, warning } = profileFromCommandLine({ "profile-url": GATEWAY_URL, "profile-key": "sk-flag" }, ENV);
    expect(profile?.key).toBe("sk-flag");
    expect(warning).toMatch(/^warning: --profile-key .*\/proc\/PID\/cmdline/);
    expect(warning).toContain(PROFILE_KEY_VARIABLE);
    expect(warning).toContain("--profile-key-file");
    expect(warning).not.toContain("\n");
  });

  it("warns about --profile-key even when a key file wins over it", () => {
    const values = { "profile-url": GATEWAY_URL, "profile-key-file": keyFile, "profile-key": "sk-flag" };
    expect(profileFromCommandLine(values, {}).warning).toMatch(/--profile-key/);
  });

  it("gives no profile when nothing is given", () => {
    expect(profileFromCommandLine({}, {})).toEqual({});
  });

  it("ignores a key inherited from the environment when no profile is asked for", () => {
    expect(profileFromCommandLine({}, ENV)).toEqual({});
  });

  it.each([
    ["a URL without a key", { "profile-url": GATEWAY_URL }, {}, /--profile-url needs a key/],
    ["a flag key without a URL", { "profile-key": "sk-flag" }, {}, /needs --profile-url/],
    [
      "a missing key file",
      { "profile-url": GATEWAY_URL, "profile-key-file": join(dir, "none") },
      ENV,
      /cannot read .*none/,
    ],
    ["an empty key file", { "profile-url": GATEWAY_URL, "profile-key-file": join(dir, "empty") }, ENV, /empty/],
    [
      "a flag without its value",
      { "profile-url": GATEWAY_URL, "profile-key": true },
      {},
      /--profile-key needs a value/,
    ],
  ])("refuses %s", (_name, values, env, message) => {
    expect(() => profileFromCommandLine(values, env)).toThrow(message);
  });
});

describe("where the key is taken", () => {
  it("Electron takes it the same way, and reports misuse on stderr instead of starting with it", () => {
    const stderr = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const argv = ["electron", "main.js", "--user-data-dir=/tmp/x", "--profile-url", GATEWAY_URL];
      expect(commandLineProfile(argv, ENV)).toEqual({ baseUrl: GATEWAY_URL, key: "sk-from-env" });
      expect(commandLineProfile([...argv, "--profile-key-file", keyFile], ENV)?.key).toBe("sk-from-file");
      expect(stderr).not.toHaveBeenCalled();
      expect(commandLineProfile([...argv, "--profile-key", "sk-flag"], {})?.key).toBe("sk-flag");
      expect(stderr).toHaveBeenLastCalledWith(expect.stringMatching(/^warning: --profile-key/));
      expect(commandLineProfile(argv, {})).toBeUndefined();
      expect(stderr).toHaveBeenLastCalledWith(expect.stringMatching(/--profile-url needs a key/));
    } finally {
      stderr.mockRestore();
    }
  });

  it("the web host CLI refuses a URL without a key before it builds anything, and documents the safe ways", () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ["electron/web-host/cli.ts", "--data", join(dir, "data"), ...args], {
        encoding: "utf8",
        // A CLI that got past its arguments would start building the renderer: cut it short.
        timeout: 20_000,
        env: { ...process.env, [PROFILE_KEY_VARIABLE]: "" },
      });
    const refused = cli(["--profile-url", GATEWAY_URL]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--profile-url needs a key/);
    const help = cli(["--help"]).stdout;
    expect(help).toContain(PROFILE_KEY_VARIABLE);
    expect(help).toContain("--profile-key-file FILE");
  });
});
