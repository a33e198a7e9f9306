import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { commandLineProfile } from "../../electron/app/command-line.ts";
import {
  FLAG_KEY_REFUSED,
  PROFILE_KEY_VARIABLE,
  profileFromCommandLine,
} from "../../electron/services/command-line-profile.ts";
import { tempDir } from "../support/local-gateway.ts";

const GATEWAY_URL = "http://127.0.0.1:9/";
const dir = tempDir("profile-key-");
const keyFile = join(dir, "key");
writeFileSync(keyFile, "  sk-from-file\n");
writeFileSync(join(dir, "empty"), "\n");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ENV = { [PROFILE_KEY_VARIABLE]: "sk-from-env" };

describe("the profile key given on the command line", () => {
  it("comes from the environment", () => {
    expect(profileFromCommandLine({ "profile-url": GATEWAY_URL }, ENV)).toEqual({
      baseUrl: GATEWAY_URL,
      key: "sk-from-env",
    });
  });

  it("comes from --profile-key-file, trimmed, ahead of the environment", () => {
    const values = { "profile-url": GATEWAY_URL, "profile-key-file": keyFile };
    expect(profileFromCommandLine(values, ENV)).toEqual({ baseUrl: GATEWAY_URL, key: "sk-from-file" });
  });

  it.each([
    ["with a URL", { "profile-url": GATEWAY_URL, "profile-key": "sk-flag" }],
    ["beside a key file", { "profile-url": GATEWAY_URL, "profile-key-file": keyFile, "profile-key": "sk-flag" }],
    ["alone", { "profile-key": "sk-flag" }],
    ["without its value", { "profile-url": GATEWAY_URL, "profile-key": true }],
  ])("is refused as --profile-key %s, with a sentence that names the safe ways", (_name, values) => {
    expect(() => profileFromCommandLine(values, ENV)).toThrow(FLAG_KEY_REFUSED);
    expect(FLAG_KEY_REFUSED).toMatch(
      /^--profile-key is refused: .*MODELDESK_PROFILE_KEY or --profile-key-file FILE\.$/,
    );
  });

  it("gives no profile when nothing is given", () => {
    expect(profileFromCommandLine({}, {})).toBeUndefined();
  });

  it("ignores a key inherited from the environment when no profile is asked for", () => {
    expect(profileFromCommandLine({}, ENV)).toBeUndefined();
  });

  it.each([
    ["a URL without a key", { "profile-url": GATEWAY_URL }, {}, /--profile-url needs a key/],
    ["a key file without a URL", { "profile-key-file": keyFile }, {}, /needs --profile-url/],
    [
      "a missing key file",
      { "profile-url": GATEWAY_URL, "profile-key-file": join(dir, "none") },
      ENV,
      /cannot read .*none/,
    ],
    ["an empty key file", { "profile-url": GATEWAY_URL, "profile-key-file": join(dir, "empty") }, ENV, /empty/],
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
      expect(commandLineProfile([...argv, "--profile-key", "sk-flag"], ENV)).toBeUndefined();
      expect(stderr).toHaveBeenLastCalledWith(FLAG_KEY_REFUSED);
      expect(commandLineProfile(argv, {})).toBeUndefined();
      expect(stderr).toHaveBeenLastCalledWith(expect.stringMatching(/--profile-url needs a key/));
    } finally {
      stderr.mockRestore();
    }
  });

  it("the web host CLI refuses a URL without a key, and --profile-key, before it builds anything, and documents the safe ways", () => {
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
    for (const flag of [["--profile-key", "sk-flag"], ["--profile-key=sk-flag"], ["--profile-key"]]) {
      const flagged = cli(["--profile-url", GATEWAY_URL, ...flag]);
      expect(flagged.status, flag.join(" ")).toBe(2);
      expect(flagged.stderr.split("\n")[0]).toBe(FLAG_KEY_REFUSED);
      expect(flagged.stderr).not.toContain("sk-flag");
      expect(flagged.stdout).not.toContain("app at");
    }
    const help = cli(["--help"]).stdout;
    expect(help).toContain(PROFILE_KEY_VARIABLE);
    expect(help).toContain("--profile-key-file FILE");
  });
});
