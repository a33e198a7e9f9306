/**
 * Every way a file can name a module it loads, as one visitor: `import` and `export … from`,
 * `import x = require()`, `import()` and `typeof import()`, `require()`, and a require made by
 * `createRequire` (called at once or kept in a variable). `onSource(node, source)` sees each
 * module name written as a string; a name computed at run time cannot be checked here.
 */
export function moduleSourceVisitor(onSource) {
  const requireNames = new Set(["require"]);
  const createRequireNames = new Set(["createRequire"]);
  const isCreateRequireCall = (node) => {
    if (node?.type !== "CallExpression") return false;
    const { callee } = node;
    return (
      (callee.type === "Identifier" && createRequireNames.has(callee.name)) ||
      (callee.type === "MemberExpression" && callee.property.name === "createRequire")
    );
  };
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
      if (node.id.type === "Identifier" && isCreateRequireCall(node.init)) requireNames.add(node.id.name);
    },
    CallExpression(node) {
      const { callee } = node;
      const isRequire = (callee.type === "Identifier" && requireNames.has(callee.name)) || isCreateRequireCall(callee);
      if (isRequire && node.arguments.length > 0) report(node, node.arguments[0]);
    },
  };
}

function literalText(node) {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}
