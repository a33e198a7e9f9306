import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, it } from "vitest";
import { ensureRendererBuild } from "../../../scripts/renderer-build.ts";

const PROJECT_ROOT = resolve(import.meta.dirname, "..", "..", "..");

it("builds the renderer users get, React's production version, even when a test runner asks", async () => {
  expect(process.env.NODE_ENV).toBe("test");
  const assets = join(await ensureRendererBuild(PROJECT_ROOT), "assets");
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  // A warning only React's development version gives.
  for (const name of scripts) expect(readFileSync(join(assets, name), "utf8")).not.toContain("Each child in a list");
  expect(process.env.NODE_ENV).toBe("test");
}, 300_000);
