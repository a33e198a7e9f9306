import react from "@vitejs/plugin-react";
import { builtinModules } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, posix, resolve } from "node:path";
import type { Plugin, UserConfig } from "vite";
import { defineConfig } from "vitest/config";

const { dependencies } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
};

/**
 * In main, `new URL("./x.ts", import.meta.url)` names a module started at run time (a worker
 * thread). The build emits it as a chunk of its own and points the URL at that file, relative to
 * wherever the chunk holding the reference lands. A worker thread cannot load `electron`, so the
 * build fails if such a chunk reaches it (through a chunk it shares with main.js, say).
 */
function runtimeModuleUrls(): Plugin {
  const reference = /new URL\(\s*(["'])(\.{1,2}\/[^"']+\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;
  const placeholder = /__RUNTIME_MODULE_(\w+)__/g;
  const emitted = new Set<string>();
  return {
    name: "modeldesk:runtime-module-urls",
    transform(code, id) {
      if (!code.includes("import.meta.url")) return null;
      const rewritten = code.replace(reference, (_match, _quote, path: string) => {
        const chunk = this.emitFile({ type: "chunk", id: resolve(dirname(id), path) });
        emitted.add(chunk);
        return `new URL("__RUNTIME_MODULE_${chunk}__", import.meta.url)`;
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    renderChunk(code, chunk) {
      if (!code.includes("__RUNTIME_MODULE_")) return null;
      const from = posix.dirname(chunk.fileName);
      return code.replace(placeholder, (_match, ref: string) => `./${posix.relative(from, this.getFileName(ref))}`);
    },
    generateBundle(_options, bundle) {
      for (const ref of emitted) {
        const reached = new Set([this.getFileName(ref)]);
        for (const fileName of reached) {
          const output = bundle[fileName];
          for (const imported of output?.type === "chunk" ? output.imports : []) reached.add(imported);
        }
        if (reached.has("electron"))
          this.error(`${this.getFileName(ref)} runs on a worker thread but imports electron`);
      }
    },
  };
}

/** Electron main: Node 24 ESM; dependencies stay in node_modules (packaged by electron-builder). */
const mainBuild: UserConfig = {
  plugins: [runtimeModuleUrls()],
  build: {
    ssr: "electron/app/main.ts",
    outDir: "dist/electron/main",
    emptyOutDir: true,
    target: "node24",
    rollupOptions: {
      external: [
        "electron",
        ...builtinModules,
        ...builtinModules.map((name) => `node:${name}`),
        ...Object.keys(dependencies),
      ],
      output: { format: "es", entryFileNames: "main.js" },
    },
  },
};

/** The preload: one CommonJS file, since sandboxed preloads cannot load modules. */
const preloadBuild: UserConfig = {
  build: {
    outDir: "dist/electron/preload",
    emptyOutDir: true,
    target: "chrome140",
    minify: false,
    lib: { entry: "electron/preload/preload.ts", formats: ["cjs"], fileName: () => "preload.cjs" },
    rollupOptions: { external: ["electron"] },
  },
};

/**
 * Three builds from one file: the renderer (default; root `renderer/`, relative asset paths so
 * it loads from `app://` and from the web host alike), `--mode main` and `--mode preload`.
 * The `test` block configures Vitest.
 */
export default defineConfig(({ mode }) => {
  if (mode === "main") return mainBuild;
  if (mode === "preload") return preloadBuild;
  return {
    root: "renderer",
    plugins: [react()],
    // Split where the code splits (App.tsx, MessageItem.tsx): the window opens on Chat, and parsing and
    // running one ~1 MB script (Markdown with its highlighter, charts, every pane) came before the
    // Message box could be drawn.
    build: { outDir: "../dist/electron/renderer", emptyOutDir: true, target: "chrome140" },
    test: {
      root: ".",
      // `npm run test:mutation` (scripts/mutation-test.ts) names the tests that speak for the module it mutates.
      include: process.env.MODELDESK_MUTATION_TESTS?.split(",") ?? [
        "tests/unit/**/*.test.ts",
        "tests/integration/**/*.test.ts",
        "tests/security/**/*.test.ts",
        "tests/faults/**/*.test.ts",
      ],
      globalSetup: ["tests/support/vitest-global-setup.ts"],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
