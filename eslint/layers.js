import { builtinModules } from "node:module";
import path from "node:path";
import { rawIpc } from "./raw-ipc.js";
import { moduleSourceVisitor } from "./module-sources.js";

/** What a layer's code runs on: whether it may import Node's built-in modules and the `electron` package. */
const PURE = { node: false, electron: false };
const NODE = { node: true, electron: false };
const PRELOAD = { node: false, electron: true };
const ELECTRON = { node: true, electron: true };

const HOST_ALLOWS = ["shared/", "electron/common/", "electron/services/", "electron/composition/", "electron/ipc/"];

/**
 * The architecture as an allow-list: each folder names the folders it may import from and the
 * runtime it may reach; anything else, and any file in a folder not named here, is an error.
 * Read top to bottom, each layer builds only on those above it.
 */
export const LAYERS = [
  { folder: "shared/", allows: [], may: PURE },
  { folder: "electron/common/", allows: ["shared/"], may: NODE },
  { folder: "electron/local-gateway/", allows: ["shared/", "electron/common/"], may: NODE },
  { folder: "electron/services/", allows: ["shared/", "electron/common/"], may: NODE },
  {
    folder: "electron/composition/",
    allows: ["shared/", "electron/common/", "electron/services/", "electron/local-gateway/"],
    may: NODE,
  },
  { folder: "electron/ipc/", allows: ["shared/", "electron/common/", "electron/services/"], may: NODE },
  { folder: "electron/app/", allows: HOST_ALLOWS, may: ELECTRON },
  { folder: "electron/web-host/", allows: HOST_ALLOWS, may: NODE },
  { folder: "electron/launcher/", allows: HOST_ALLOWS, may: NODE },
  { folder: "electron/preload/", allows: ["shared/"], may: PRELOAD },
  { folder: "renderer/", allows: ["shared/"], may: PURE },
  { folder: "scripts/", allows: ["shared/"], may: NODE },
];

/** Outside the product: tests reach every layer; the build's and the lint's own configuration stand alone. */
const TOOLING = [
  { folder: "tests/", allows: LAYERS.map((layer) => layer.folder), may: ELECTRON },
  { folder: "eslint/", allows: [], may: NODE },
  { folder: "eslint.config.js", allows: ["eslint/"], may: NODE },
  { folder: "vite.config.ts", allows: [], may: NODE },
];

const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");

function layerOf(file) {
  const relative = path.relative(PROJECT_ROOT, file).split(path.sep).join("/");
  return [...LAYERS, ...TOOLING].find((layer) => relative.startsWith(layer.folder)) ?? null;
}

function isNodeBuiltin(source) {
  return source.startsWith("node:") || builtinModules.includes(source.split("/")[0]);
}

function isElectron(source) {
  return source === "electron" || source.startsWith("electron/");
}

const allowedImports = {
  meta: {
    type: "problem",
    docs: { description: "Imports between the project's folders follow the layer allow-list." },
    schema: [],
    messages: {
      notAllowed: "{{from}} may import only from {{allowed}}; {{to}} is not among them.",
      outside: "{{from}} may not import from outside the layers ({{target}}).",
      unnamedFolder: "{{file}} is in a folder the layer allow-list (eslint/layers.js) does not name.",
      noNode: "{{from}} runs without Node: {{target}} is a Node built-in.",
      noElectron: "{{from}} may not import electron: only electron/app/ and electron/preload/ run inside Electron.",
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) {
      const file = path.relative(PROJECT_ROOT, context.filename);
      return { Program: (node) => context.report({ node, messageId: "unnamedFolder", data: { file } }) };
    }
    const checkPackage = (node, source) => {
      if (!from.may.node && isNodeBuiltin(source)) {
        context.report({ node, messageId: "noNode", data: { from: from.folder, target: source } });
      } else if (!from.may.electron && isElectron(source)) {
        context.report({ node, messageId: "noElectron", data: { from: from.folder } });
      }
    };
    const checkFolder = (node, source) => {
      const to = layerOf(path.resolve(path.dirname(context.filename), source));
      const allowed = [from.folder, ...from.allows];
      if (!to) {
        context.report({ node, messageId: "outside", data: { from: from.folder, target: source } });
      } else if (!allowed.includes(to.folder)) {
        context.report({
          node,
          messageId: "notAllowed",
          data: { from: from.folder, to: to.folder, allowed: allowed.join(", ") },
        });
      }
    };
    return moduleSourceVisitor((node, source) =>
      source.startsWith(".") ? checkFolder(node, source) : checkPackage(node, source),
    );
  },
};

export const layersPlugin = { rules: { "allowed-imports": allowedImports, "raw-ipc": rawIpc } };
