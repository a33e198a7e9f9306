import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layersPlugin } from "./eslint/layers.js";

/** The Rules of Hooks and the React Compiler's checks, every one an error: a warning nobody reads fixes nothing. */
const reactHooksAsErrors = {
  files: ["renderer/**/*.ts", "renderer/**/*.tsx"],
  plugins: reactHooks.configs.flat.recommended.plugins,
  rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, "error"])),
};

/** Raw IPC is allowed only in the one bridge module of each side. */
const IPC_MODULES = ["electron/app/ipc-bridge.ts", "electron/preload/preload.ts"];

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      "out/",
      "release/",
      "tests/artifacts/",
      "scratch/",
      "reports/",
      ".stryker-tmp/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooksAsErrors,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  {
    files: ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"],
    plugins: { layers: layersPlugin },
    rules: { "layers/allowed-imports": "error", "layers/raw-ipc": "error" },
  },
  { files: IPC_MODULES, rules: { "layers/raw-ipc": "off" } },
);
