import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * The renderer build (root `renderer/`; relative asset paths so it loads from `app://` and from
 * the web host alike) and the Vitest setup.
 */
export default defineConfig({
  root: "renderer",
  base: "./",
  plugins: [react()],
  build: {
    outDir: "../dist/electron/renderer",
    emptyOutDir: true,
    target: "chrome140",
  },
  test: {
    root: ".",
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
