import { spawnSync } from "node:child_process";
import { ensureRendererBuild } from "../../scripts/renderer-build.ts";
import { useTestTempRoot } from "../support/test-temp-root.ts";
import { RENDERER_DIR_VARIABLE } from "./support/app-fixture.ts";
import { electronBinary, PROJECT_ROOT } from "./support/electron-binary.ts";

/**
 * Builds once before the workers start: the web host's renderer, and the Electron app where it
 * can run. The function it returns removes the run's temporary directories afterwards.
 */
export default async function globalSetup(): Promise<() => void> {
  const removeTempRoot = useTestTempRoot();
  // Workers serve this very build, even if the sources change while the run goes on.
  process.env[RENDERER_DIR_VARIABLE] = await ensureRendererBuild(PROJECT_ROOT);
  if (electronBinary()) {
    const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: PROJECT_ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  return removeTempRoot;
}
