/**
 * Raw IPC (ipcMain, ipcRenderer, a web contents' send) is allowed only in the IPC bridge of each
 * side; eslint.config.js exempts those two files. The rule follows what a file can write without
 * type information: named and namespace imports, destructuring, and a web contents kept in a
 * variable or a parameter typed WebContents.
 */
const RAW_IPC_OBJECTS = new Set(["ipcMain", "ipcRenderer"]);
const SEND_METHODS = new Set(["send", "sendToFrame", "postMessage"]);
/** Properties and calls that answer a web contents: `win.webContents`, `event.sender`, `webContents.fromId(…)`. */
const WEB_CONTENTS_PROPERTIES = new Set(["webContents", "sender"]);
const WEB_CONTENTS_LOOKUPS = new Set(["fromId", "fromFrame", "fromDevToolsTargetId", "getFocusedWebContents"]);

export const rawIpc = {
  meta: {
    type: "problem",
    docs: { description: "Raw IPC only in the IPC bridge (electron/app/ipc-bridge.ts, electron/preload/preload.ts)." },
    schema: [],
    messages: {
      rawIpc:
        "Use the IPC bridge (electron/app/ipc-bridge.ts, electron/preload/preload.ts): {{name}} is banned elsewhere.",
    },
  },
  create(context) {
    const report = (node, name) => context.report({ node, messageId: "rawIpc", data: { name } });
    const isWebContents = (node, seen = new Set()) => {
      switch (node?.type) {
        case "Identifier":
          return node.name === "webContents" || isWebContentsVariable(node, seen);
        case "MemberExpression":
          return WEB_CONTENTS_PROPERTIES.has(propertyName(node));
        case "CallExpression":
          return node.callee.type === "MemberExpression" && WEB_CONTENTS_LOOKUPS.has(propertyName(node.callee));
        case "TSAsExpression":
        case "TSNonNullExpression":
        case "ChainExpression":
          return isWebContents(node.expression, seen);
        default:
          return false;
      }
    };
    const isWebContentsVariable = (identifier, seen) => {
      const variable = findVariable(context.sourceCode.getScope(identifier), identifier.name);
      if (!variable || seen.has(variable)) return false;
      seen.add(variable);
      return variable.defs.some((def) => {
        if (isWebContentsType(def.name.typeAnnotation)) return true;
        if (def.type === "ImportBinding") return def.node.imported?.name === "webContents";
        if (WEB_CONTENTS_PROPERTIES.has(destructuredKey(def.name))) return true;
        return def.type === "Variable" && def.node.id === def.name && isWebContents(def.node.init, seen);
      });
    };
    return {
      ImportSpecifier(node) {
        if (RAW_IPC_OBJECTS.has(node.imported.name)) report(node, node.imported.name);
      },
      MemberExpression(node) {
        if (RAW_IPC_OBJECTS.has(propertyName(node))) report(node, propertyName(node));
      },
      Property(node) {
        if (node.parent.type === "ObjectPattern" && RAW_IPC_OBJECTS.has(keyName(node))) report(node, keyName(node));
      },
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== "MemberExpression" || !SEND_METHODS.has(propertyName(callee))) return;
        if (isWebContents(callee.object)) report(node, `webContents.${propertyName(callee)}`);
      },
    };
  },
};

function propertyName(member) {
  if (!member.computed) return member.property.name;
  return typeof member.property.value === "string" ? member.property.value : null;
}

function keyName(property) {
  if (property.key.type === "Identifier" && !property.computed) return property.key.name;
  return typeof property.key.value === "string" ? property.key.value : null;
}

/** The key under which `identifier` is destructured from an object, or null. */
function destructuredKey(identifier) {
  const property = identifier.parent.type === "AssignmentPattern" ? identifier.parent.parent : identifier.parent;
  return property.type === "Property" && property.parent.type === "ObjectPattern" ? keyName(property) : null;
}

/** `WebContents` or `Electron.WebContents` in a type annotation. */
function isWebContentsType(annotation) {
  const type = annotation?.typeAnnotation;
  if (type?.type !== "TSTypeReference") return false;
  const { typeName } = type;
  return (typeName.type === "Identifier" ? typeName.name : typeName.right?.name) === "WebContents";
}

function findVariable(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(name);
    if (variable) return variable;
  }
  return null;
}
