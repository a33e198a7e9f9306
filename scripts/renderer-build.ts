import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const RENDERER_INPUTS = ["renderer", "shared", "vite.config.ts", "package-lock.json"];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A hash of the files under `inputs` (paths relative to the project root): what a build depends on. */
export function inputsHash(projectRoot: string, inputs: readonly string[] = RENDERER_INPUTS): string {
  const hash = createHash("sha256");
  for (const file of inputs.flatMap((input) => filesUnder(join(projectRoot, input)))) {
    hash.update(relative(projectRoot, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

/** Where the renderer built from the current sources is (or will be). */
export function rendererBuildDir(projectRoot: string): string {
  return join(projectRoot, "dist", "web", inputsHash(projectRoot));
}

/**
 * The built renderer for the current sources, built once into a folder named by their hash.
 * A folder is never rebuilt in place, so several web hosts can run side by side while one of
 * them builds a newer version.
 */
export async function ensureRendererBuild(projectRoot: string): Promise<string> {
  const outDir = rendererBuildDir(projectRoot);
  if (existsSync(join(outDir, "index.html"))) return outDir;
  const staging = `${outDir}.staging-${process.pid}-${Date.now()}`;
  mkdirSync(join(projectRoot, "dist", "web"), { recursive: true });
  const { build } = await import("vite");
  // Whoever asks, the build is the one users get: under a test runner NODE_ENV is "test", from which
  // Vite would build React's development version (slower, and with Strict Mode's double effects).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      configFile: join(projectRoot, "vite.config.ts"),
      mode: "production",
      logLevel: "warn",
      build: { outDir: staging, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  try {
    renameSync(staging, outDir);
  } catch (error) {
    // Another host finished the same build first: use theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(outDir, "index.html"))) throw error;
  }
  return outDir;
}
