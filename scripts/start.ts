import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { inputsHash } from "../web-host/renderer-build.ts";

/**
 * `npm start`: builds the app when its sources changed, then launches Electron. Where the Electron
 * binary is missing and cannot be downloaded, it says so and starts the web host instead.
 */
const projectRoot = resolve(import.meta.dirname, "..", "..");
const BUILD_INPUTS = ["electron", "shared", "renderer", "vite.config.ts", "package-lock.json"];
const stampFile = join(projectRoot, "dist", "electron", ".build-hash");
const forwardedArgs = process.argv.slice(2);

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

function run(command: string, args: string[]): void {
  const child = spawn(command, args, { cwd: projectRoot, stdio: "inherit" });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code) => process.exit(code ?? 0));
}

const binary = electronBinary();
if (binary) {
  buildIfNeeded();
  run(binary, [join(projectRoot, "dist", "electron", "main", "main.js"), ...forwardedArgs]);
} else {
  console.log(
    "The Electron binary is not installed and cannot be downloaded here, so ModelDesk starts as a web app instead: open the address below in your browser.",
  );
  run(process.execPath, [join(projectRoot, "electron", "web-host", "cli.ts"), ...forwardedArgs]);
}
