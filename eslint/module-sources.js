import { keyName, propertyName } from "./ast-names.js";

/**
 * Every way a file can name a module it loads, as one visitor: `import` and `export … from`,
 * `import x = require()`, `import()` and `typeof import()`, `require()` (also kept in a variable,
 * or reached as `module.require`, `window.require`, `process.mainModule.require` or
 * `require.main.require`), a require made by `createRequire` (called at once or kept in a
 * variable), `process.getBuiltinModule()` (on any object, or taken off it), `process.binding()` (also
 * taken off it), `module` kept in a variable, `import.meta.glob()`, `new URL("….ts", import.meta.url)`
 * (a worker's script) and triple-slash references. `onSource(node, source)` sees each
 * module name written as a string (a reference to types as `types:NAME`); a name computed at run
 * time cannot be checked here.
 */
export function moduleSourceVisitor(context, onSource) {
  const requireNames = new Set(["require"]);
  const createRequireNames = new Set(["createRequire"]);
  const getBuiltinModuleNames = new Set();
  const bindingNames = new Set();
  const moduleNames = new Set(["module", "globalThis", "global", "window"]);
  const isNamedCall = (node, names, method) => {
    if (node?.type !== "CallExpression") return false;
    const { callee } = node;
    return (
      (callee.type === "Identifier" && names.has(callee.name)) ||
      (callee.type === "MemberExpression" && propertyName(callee) === method)
    );
  };
  const isCreateRequireCall = (node) => isNamedCall(node, createRequireNames, "createRequire");
  const isRequire = (callee) =>
    (callee.type === "Identifier" && requireNames.has(callee.name)) ||
    isCreateRequireCall(callee) ||
    (callee.type === "MemberExpression" &&
      propertyName(callee) === "require" &&
      isModuleObject(callee.object, moduleNames));
  const report = (node, sourceNode) => {
    const source = literalText(sourceNode);
    if (source !== null) onSource(node, source);
  };
  const fromSourceField = (node) => {
    if (node.source) report(node, node.source);
  };
  return {
    Program() {
      for (const comment of context.sourceCode.getAllComments()) {
        const reference = /^\/\s*<reference\s+(path|types)\s*=\s*["']([^"']+)["']/.exec(comment.value);
        if (comment.type === "Line" && reference) {
          onSource(comment, reference[1] === "types" ? `types:${reference[2]}` : reference[2]);
        }
      }
    },
    ImportDeclaration(node) {
      fromSourceField(node);
      for (const specifier of node.specifiers) {
        if (specifier.imported?.name === "createRequire") createRequireNames.add(specifier.local.name);
        if (specifier.imported?.name === "getBuiltinModule") getBuiltinModuleNames.add(specifier.local.name);
      }
    },
    ExportNamedDeclaration: fromSourceField,
    ExportAllDeclaration: fromSourceField,
    ImportExpression: fromSourceField,
    TSImportType(node) {
      report(node, node.source ?? node.argument?.literal);
    },
    TSExternalModuleReference(node) {
      report(node, node.expression);
    },
    VariableDeclarator(node) {
      if (node.id.type === "ObjectPattern") {
        for (const property of node.id.properties) {
          if (property.type !== "Property") continue;
          const names = { getBuiltinModule: getBuiltinModuleNames, binding: bindingNames }[keyName(property)];
          if (names) {
            const local = property.value.type === "AssignmentPattern" ? property.value.left : property.value;
            if (local.type === "Identifier") names.add(local.name);
          }
        }
      }
      if (node.id.type !== "Identifier") return;
      const { init } = node;
      if (init && isRequire(init)) requireNames.add(node.id.name);
      if (init && isModuleObject(init, moduleNames)) moduleNames.add(node.id.name);
      if (init?.type === "MemberExpression" && propertyName(init) === "getBuiltinModule") {
        getBuiltinModuleNames.add(node.id.name);
      }
    },
    CallExpression(node) {
      const { callee } = node;
      const loads =
        isRequire(callee) ||
        isNamedCall(node, getBuiltinModuleNames, "getBuiltinModule") ||
        isProcessBinding(callee) ||
        (callee.type === "Identifier" && bindingNames.has(callee.name));
      if (loads && node.arguments.length > 0) report(node, node.arguments[0]);
      if (callee.type === "MemberExpression" && isImportMeta(callee.object) && propertyName(callee) === "glob") {
        const [patterns] = node.arguments;
        for (const pattern of patterns?.type === "ArrayExpression" ? patterns.elements : [patterns]) {
          report(node, pattern);
        }
      }
    },
    NewExpression(node) {
      const [address, base] = node.arguments;
      const fromThisModule =
        base?.type === "MemberExpression" && isImportMeta(base.object) && propertyName(base) === "url";
      // A module's address (a worker's script); a data file's or a folder's is no import.
      const script = /\.(ts|tsx|js|jsx|mjs|cjs|mts|cts)$/.test(literalText(address) ?? "");
      if (node.callee.type === "Identifier" && node.callee.name === "URL" && fromThisModule && script) {
        report(node, address);
      }
    },
  };
}

/**
 * `module` (or a variable it was kept in), `require.main`, `process.mainModule` and the global
 * object (`window.require` with Node integration).
 */
function isModuleObject(node, moduleNames) {
  if (node.type === "Identifier") return moduleNames.has(node.name);
  return node.type === "MemberExpression" && ["main", "mainModule"].includes(propertyName(node));
}

const isImportMeta = (node) =>
  node?.type === "MetaProperty" && node.meta.name === "import" && node.property.name === "meta";

/** `process.binding("fs")`: Node's internal binding of a built-in. */
function isProcessBinding(callee) {
  if (callee.type !== "MemberExpression" || propertyName(callee) !== "binding") return false;
  const { object } = callee;
  return object.type === "Identifier" ? object.name === "process" : propertyName(object) === "process";
}

function literalText(node) {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}
