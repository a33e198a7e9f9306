import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ensureRendererBuild, inputsHash } from "./renderer-build.ts";
import { runInPlace } from "./run-child.ts";
import { WEB_HOST_NODE_FLAGS } from "./web-host-node-flags.ts";

/**
 * `npm start`: builds the app when its sources changed, then launches Electron. Where the Electron
 * binary is missing and cannot be downloaded, it says so and starts the web host instead.
 */
const projectRoot = resolve(import.meta.dirname, "..");
const BUILD_INPUTS = ["electron", "shared", "renderer", "vite.config.ts", "package-lock.json"];
const stampFile = join(projectRoot, "dist", "electron", ".build-hash");
const forwardedArgs = process.argv.slice(2);
const WEB_HOST = join(projectRoot, "electron", "web-host", "cli.ts");

/** The Electron executable; requiring `electron` downloads it when missing, quietly here. */
function electronBinary(): string | null {
  const probe = spawnSync(process.execPath, ["-e", "process.stdout.write(require('electron'))"], {
    cwd: projectRoot,
    encoding: "utf8",
    timeout: 180_000,
  });
  const path = probe.status === 0 ? probe.stdout.trim() : "";
  return path && existsSync(path) ? path : null;
}

function buildIfNeeded(): void {
  const hash = inputsHash(projectRoot, BUILD_INPUTS);
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === hash) return;
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stampFile, hash);
}

const binary = electronBinary();
if (binary) {
  buildIfNeeded();
  runInPlace(binary, [join(projectRoot, "dist", "electron", "main", "main.js"), ...forwardedArgs], projectRoot);
} else {
  console.log(
    "The Electron binary is not installed and cannot be downloaded here, so ModelDesk starts as a web app instead: open the address below in your browser.",
  );
  const rendererDir = await ensureRendererBuild(projectRoot);
  runInPlace(
    process.execPath,
    [...WEB_HOST_NODE_FLAGS, WEB_HOST, "--renderer", rendererDir, ...forwardedArgs],
    projectRoot,
  );
}
