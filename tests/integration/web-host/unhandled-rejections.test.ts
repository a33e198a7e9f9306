import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const MODULE = new URL("../../../electron/common/unhandled-rejections.ts", import.meta.url).href;

/** A Node process that leaves a rejected promise unhandled, with or without the hosts' report installed. */
function runWithUnhandledRejection(installed: boolean) {
  const script = [
    `import { reportUnhandledRejections } from ${JSON.stringify(MODULE)};`,
    installed ? "reportUnhandledRejections();" : "",
    'Promise.reject(new Error("a bug nobody caught"));',
    'setTimeout(() => console.log("still running"), 100);',
  ].join("\n");
  return spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
}

describe("a rejected promise nothing handles", () => {
  it("ends a plain Node process", () => {
    const run = runWithUnhandledRejection(false);
    expect(run.status).not.toBe(0);
    expect(run.stdout).not.toContain("still running");
  });

  it("is reported on stderr by the hosts, which go on running", () => {
    const run = runWithUnhandledRejection(true);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("still running");
    expect(run.stderr).toContain("Unexpected error, reported and ignored; the app goes on:");
    expect(run.stderr).toContain("a bug nobody caught");
  });
});
