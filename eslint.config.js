import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layersPlugin } from "./eslint/layers.js";

/**
 * What a folder may import besides other folders (those are the allow-list in eslint/layers.js):
 * shared/ and renderer/ no Node or Electron; services and the local gateway no Electron.
 */
const boundary = (files, patterns) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

/** The Rules of Hooks and the React Compiler's checks, every one an error: a warning nobody reads fixes nothing. */
const reactHooksAsErrors = {
  files: ["renderer/**/*.ts", "renderer/**/*.tsx"],
  plugins: reactHooks.configs.flat.recommended.plugins,
  rules: Object.fromEntries(Object.keys(reactHooks.configs.flat.recommended.rules).map((rule) => [rule, "error"])),
};

/** Raw IPC is allowed only in the one bridge module of each side. */
const IPC_MODULES = ["electron/app/ipc-bridge.ts", "electron/preload/preload.ts"];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "out/", "release/", "tests/artifacts/", "scratch/"] },
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
    files: ["**/*.ts", "**/*.tsx"],
    ignores: IPC_MODULES,
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "ImportSpecifier[imported.name=/^(ipcMain|ipcRenderer)$/]",
          message:
            "Use the IPC bridge (electron/app/ipc-bridge.ts, electron/preload/preload.ts): raw IPC is banned elsewhere.",
        },
        {
          selector: "MemberExpression[object.name=/^(ipcMain|ipcRenderer)$/]",
          message: "Raw IPC is banned outside the IPC bridge.",
        },
        {
          selector: "CallExpression[callee.property.name='send'][callee.object.name='webContents']",
          message: "webContents.send is banned outside the IPC bridge.",
        },
        {
          selector: "CallExpression[callee.property.name='send'][callee.object.property.name='webContents']",
          message: "webContents.send is banned outside the IPC bridge.",
        },
      ],
    },
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    plugins: { layers: layersPlugin },
    rules: { "layers/allowed-imports": "error" },
  },
  boundary(
    ["shared/**/*.ts"],
    [{ group: ["electron", "node:*"], message: "shared/ is pure: no Electron or Node imports." }],
  ),
  boundary(
    ["renderer/**/*.ts", "renderer/**/*.tsx"],
    [{ group: ["electron", "node:*"], message: "renderer/ runs sandboxed: no Electron or Node imports." }],
  ),
  boundary(
    ["electron/common/**/*.ts", "electron/local-gateway/**/*.ts", "electron/services/**/*.ts"],
    [
      {
        group: ["electron"],
        message: "Services and the local gateway run in plain Node: inject Electron adapters instead.",
      },
    ],
  ),
);
