import path from "node:path";

/**
 * The architecture as an allow-list: each folder names the folders it may import from; anything
 * else is an error. Read top to bottom, each layer builds only on those above it.
 */
export const LAYERS = [
  { folder: "shared/", allows: [] },
  { folder: "electron/common/", allows: ["shared/"] },
  { folder: "electron/local-gateway/", allows: ["shared/", "electron/common/"] },
  { folder: "electron/services/", allows: ["shared/", "electron/common/"] },
  {
    folder: "electron/composition/",
    allows: ["shared/", "electron/common/", "electron/services/", "electron/local-gateway/"],
  },
  { folder: "electron/ipc/", allows: ["shared/", "electron/common/", "electron/services/", "electron/composition/"] },
  {
    folder: "electron/app/",
    allows: ["shared/", "electron/common/", "electron/services/", "electron/composition/", "electron/ipc/"],
  },
  {
    folder: "electron/web-host/",
    allows: ["shared/", "electron/common/", "electron/services/", "electron/composition/", "electron/ipc/"],
  },
  { folder: "electron/preload/", allows: ["shared/"] },
  { folder: "renderer/", allows: ["shared/"] },
  { folder: "scripts/", allows: ["shared/"] },
];

const PROJECT_ROOT = path.resolve(import.meta.dirname, "..");

function layerOf(file) {
  const relative = path.relative(PROJECT_ROOT, file).split(path.sep).join("/");
  return LAYERS.find((layer) => relative.startsWith(layer.folder)) ?? null;
}

const allowedImports = {
  meta: {
    type: "problem",
    docs: { description: "Imports between the project's folders follow the layer allow-list." },
    schema: [],
    messages: {
      notAllowed: "{{from}} may import only from {{allowed}}; {{to}} is not among them.",
      outside: "{{from}} may not import from outside the layers ({{target}}).",
    },
  },
  create(context) {
    const from = layerOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== "string" || !source.startsWith(".")) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const to = layerOf(target);
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
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layersPlugin = { rules: { "allowed-imports": allowedImports } };
