import react from "@vitejs/plugin-react";
import { builtinModules } from "node:module";
import { readFileSync } from "node:fs";
import type { UserConfig } from "vite";
import { defineConfig } from "vitest/config";

const { dependencies } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
};

/** Electron main: Node 24 ESM; dependencies stay in node_modules (packaged by electron-builder). */
const mainBuild: UserConfig = {
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
    base: "./",
    plugins: [react()],
    // One bundle is right for a desktop window that loads from disk; no need to split it.
    build: { outDir: "../dist/electron/renderer", emptyOutDir: true, target: "chrome140", chunkSizeWarningLimit: 2048 },
    test: {
      root: ".",
      include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/security/**/*.test.ts"],
      globalSetup: ["tests/support/vitest-global-setup.ts"],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
