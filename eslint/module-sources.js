import { keyName, propertyName } from "./ast-names.js";

/**
 * Every way a file can name a module it loads, as one visitor: `import` and `export … from`,
 * `import x = require()`, `import()` and `typeof import()`, `require()` (also kept in a variable,
 * or reached as `module.require`, `window.require`, `process.mainModule.require` or
 * `require.main.require`), a require made by `createRequire` (called at once or kept in a
 * variable), `process.getBuiltinModule()` (on any object, or taken off it) and `process.binding()`.
 * `onSource(node, source)` sees each module name written as a string; a name computed at run time
 * cannot be checked here.
 */
export function moduleSourceVisitor(onSource) {
  const requireNames = new Set(["require"]);
  const createRequireNames = new Set(["createRequire"]);
  const getBuiltinModuleNames = new Set();
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
    (callee.type === "MemberExpression" && propertyName(callee) === "require" && isModuleObject(callee.object));
  const report = (node, sourceNode) => {
    const source = literalText(sourceNode);
    if (source !== null) onSource(node, source);
  };
  const fromSourceField = (node) => {
    if (node.source) report(node, node.source);
  };
  return {
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
          if (property.type === "Property" && keyName(property) === "getBuiltinModule") {
            const local = property.value.type === "AssignmentPattern" ? property.value.left : property.value;
            if (local.type === "Identifier") getBuiltinModuleNames.add(local.name);
          }
        }
      }
      if (node.id.type !== "Identifier") return;
      const { init } = node;
      if (init && isRequire(init)) requireNames.add(node.id.name);
      if (init?.type === "MemberExpression" && propertyName(init) === "getBuiltinModule") {
        getBuiltinModuleNames.add(node.id.name);
      }
    },
    CallExpression(node) {
      const { callee } = node;
      const loads =
        isRequire(callee) || isNamedCall(node, getBuiltinModuleNames, "getBuiltinModule") || isProcessBinding(callee);
      if (loads && node.arguments.length > 0) report(node, node.arguments[0]);
    },
  };
}

/** `module`, `require.main`, `process.mainModule` and the global object (`window.require` with Node integration). */
function isModuleObject(node) {
  if (node.type === "Identifier") return ["module", "globalThis", "global", "window"].includes(node.name);
  return node.type === "MemberExpression" && ["main", "mainModule"].includes(propertyName(node));
}

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
