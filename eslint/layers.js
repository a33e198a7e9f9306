import { realpathSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rawIpc } from "./raw-ipc.js";
import { moduleSourceVisitor } from "./module-sources.js";

/** What a layer's code runs on: whether it may import Node's built-in modules and the `electron` package. */
const PURE = { node: false, electron: false };
const NODE = { node: true, electron: false };
const PRELOAD = { node: false, electron: true };
const ELECTRON = { node: true, electron: true };

const HOST_ALLOWS = ["shared/", "electron/common/", "electron/services/", "electron/composition/", "electron/ipc/"];

/** Any package: the tooling's folders choose their own. */
const ANY_PACKAGE = null;

/**
 * The architecture as an allow-list: each folder names the folders it may import from, the runtime
 * it may reach and the packages it is written with; anything else, and any file in a folder not
 * named here, is an error. Read top to bottom, each layer builds only on those above it.
 */
export const LAYERS = [
  { folder: "shared/", allows: [], may: PURE, packages: ["zod"] },
  { folder: "electron/common/", allows: ["shared/"], may: NODE, packages: [] },
  {
    folder: "electron/local-gateway/",
    allows: ["shared/", "electron/common/"],
    may: NODE,
    packages: ["zod", "fastify", "@fastify/static", "pngjs", "jpeg-js", "mediabunny", "gpt-tokenizer"],
  },
  {
    folder: "electron/services/",
    allows: ["shared/", "electron/common/"],
    may: NODE,
    packages: ["zod", "gpt-tokenizer", "eventsource-parser", "unpdf", "mammoth", "@modelcontextprotocol/sdk"],
  },
  {
    folder: "electron/composition/",
    allows: ["shared/", "electron/common/", "electron/services/", "electron/local-gateway/"],
    may: NODE,
    packages: ["zod"],
  },
  {
    folder: "electron/ipc/",
    allows: ["shared/", "electron/common/", "electron/services/"],
    may: NODE,
    packages: ["zod"],
  },
  { folder: "electron/app/", allows: HOST_ALLOWS, may: ELECTRON, packages: ["zod", "electron-store"] },
  { folder: "electron/web-host/", allows: HOST_ALLOWS, may: NODE, packages: ["zod", "ws", "@fastify/send"] },
  { folder: "electron/preload/", allows: ["shared/"], may: PRELOAD, packages: [] },
  {
    folder: "renderer/",
    allows: ["shared/"],
    may: PURE,
    packages: [
      "react",
      "react-dom",
      "i18next",
      "@tanstack/react-query",
      "@tanstack/react-virtual",
      "zustand",
      "uplot",
      "zod",
      "react-markdown",
      "remark-gfm",
      "rehype-highlight",
      "types:vite",
    ],
  },
  { folder: "scripts/", allows: ["shared/"], may: NODE, packages: ANY_PACKAGE },
];

/**
 * Each services folder's entry files: the only files of it another services folder may import (its
 * public surface); the rest are its own. A folder not named here offers none.
 */
export const SERVICE_ENTRIES = {
  chat: ["chat-export.ts", "conversation-store.ts", "conversation-tool-store.ts", "model-set-store.ts"],
  documents: ["document-reader.ts"],
  "gateway-client": [
    "answer-limits.ts",
    "bounded-body.ts",
    "endpoint-features.ts",
    "error-body.ts",
    "gateway-client.ts",
    "gateway-error.ts",
    "lenient-schemas.ts",
    "lenient-task-schemas.ts",
    "rate-limit-retry.ts",
    "response-meta.ts",
  ],
  ledger: ["call-terms.ts", "ledger-context.ts", "ledger-costs.ts"],
  media: ["media-library.ts", "media-signature.ts"],
  scheduler: ["monotonic-clock.ts", "wait-notices.ts"],
  store: ["data-access.ts", "data-files.ts", "stored-json.ts"],
  streams: ["stream-hub.ts"],
  vault: ["profile-vault.ts", "secret-cipher.ts", "settings-store.ts", "typed-setting.ts"],
};

/** Where each finding's rule is explained. */
const DOCS = "docs/architecture.md";

/** Outside the product: tests reach every layer; the build's and the lint's own configuration stand alone. */
const TOOLING = [
  { folder: "tests/", allows: LAYERS.map((layer) => layer.folder), may: ELECTRON, packages: ANY_PACKAGE },
  { folder: "eslint/", allows: [], may: NODE, packages: ANY_PACKAGE },
  { folder: "eslint.config.js", allows: ["eslint/"], may: NODE, packages: ANY_PACKAGE },
  { folder: "vite.config.ts", allows: [], may: NODE, packages: ANY_PACKAGE },
];

const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");
const SERVICES = "electron/services/";

const relativeOf = (file) => path.relative(PROJECT_ROOT, file).split(path.sep).join("/");

/** The services folder a file is in, and its name there; null for a file outside them (or at their root). */
function serviceFolderOf(file) {
  const relative = relativeOf(file);
  if (!relative.startsWith(SERVICES)) return null;
  const [folder, name, ...deeper] = relative.slice(SERVICES.length).split("/");
  return name === undefined || deeper.length > 0 ? null : { folder, name };
}

/** Whether a services file may import `target`: its own folder, the services' root, or another folder's entry. */
function isServiceEntry(file, target) {
  const from = serviceFolderOf(file);
  const to = serviceFolderOf(target);
  if (!from || !to || from.folder === to.folder) return true;
  return (SERVICE_ENTRIES[to.folder] ?? []).includes(to.name);
}

function layerOf(file) {
  const relative = relativeOf(file);
  return [...LAYERS, ...TOOLING].find((layer) => relative.startsWith(layer.folder)) ?? null;
}

/** Node's modules, Electron's unpatched `original-fs`, and Node's own types (`/// <reference types="node" />`). */
function isNodeBuiltin(source) {
  const name = source.replace(/^types:/, "").split("/")[0];
  return source.startsWith("node:") || builtinModules.includes(name) || ["original-fs", "node"].includes(name);
}

/** The package a module name loads (`@scope/name`, `name`), subpaths and type references included. */
function packageOf(source) {
  const [first = "", second = ""] = source.replace(/^types:/, "").split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

/** How a layer lists a package: by name, or `types:name` for a reference to its types alone. */
const listedName = (source) => (source.startsWith("types:") ? `types:${packageOf(source)}` : packageOf(source));

/** A module name that is a path: relative, absolute or a `file:` URL. */
const isPath = (source) => source.startsWith(".") || source.startsWith("/") || source.startsWith("file:");

/** Where a path points, through any symbolic link (a linked folder is the folder it links to). */
function targetOf(file, source) {
  const target = source.startsWith("file:") ? fileURLToPath(source) : path.resolve(path.dirname(file), source);
  try {
    return realpathSync(target);
  } catch {
    return target;
  }
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
      notAllowed: `{{from}} may import only from {{allowed}}; {{to}} is not among them. See ${DOCS}#layers.`,
      outside: `{{from}} may not import from outside the layers ({{target}}). See ${DOCS}#layers.`,
      unnamedFolder: `{{file}} is in a folder the layer allow-list (eslint/layers.js) does not name. See ${DOCS}#layers.`,
      noNode: `{{from}} runs without Node: {{target}} is a Node built-in. See ${DOCS}#runtimes.`,
      noElectron: `{{from}} may not import electron: only electron/app/ and electron/preload/ run inside Electron. See ${DOCS}#runtimes.`,
      notListed: `{{from}} may not import the package {{target}}: its packages are {{listed}} (eslint/layers.js). See ${DOCS}#packages.`,
      notEntry: `{{target}} is internal to electron/services/{{folder}}/: another services folder may import only its entry files ({{entries}}). See ${DOCS}#services-folders.`,
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) {
      const file = path.relative(PROJECT_ROOT, context.filename);
      return { Program: (node) => context.report({ node, messageId: "unnamedFolder", data: { file } }) };
    }
    const checkPackage = (node, source) => {
      if (isNodeBuiltin(source)) {
        if (!from.may.node) context.report({ node, messageId: "noNode", data: { from: from.folder, target: source } });
      } else if (isElectron(source)) {
        if (!from.may.electron) context.report({ node, messageId: "noElectron", data: { from: from.folder } });
      } else if (from.packages !== ANY_PACKAGE && !from.packages.includes(listedName(source))) {
        const listed = from.packages.length > 0 ? from.packages.join(", ") : "none";
        context.report({ node, messageId: "notListed", data: { from: from.folder, target: source, listed } });
      }
    };
    const checkFolder = (node, source) => {
      const target = targetOf(context.filename, source);
      const to = layerOf(target);
      const allowed = [from.folder, ...from.allows];
      if (!isServiceEntry(context.filename, target)) {
        const { folder } = serviceFolderOf(target);
        const entries = (SERVICE_ENTRIES[folder] ?? []).join(", ") || "none";
        context.report({ node, messageId: "notEntry", data: { target: relativeOf(target), folder, entries } });
      } else if (!to) {
        context.report({ node, messageId: "outside", data: { from: from.folder, target: source } });
      } else if (!allowed.includes(to.folder)) {
        context.report({
          node,
          messageId: "notAllowed",
          data: { from: from.folder, to: to.folder, allowed: allowed.join(", ") },
        });
      }
    };
    return moduleSourceVisitor(context, (node, source) =>
      isPath(source) ? checkFolder(node, source) : checkPackage(node, source),
    );
  },
};

export const layersPlugin = { rules: { "allowed-imports": allowedImports, "raw-ipc": rawIpc } };
