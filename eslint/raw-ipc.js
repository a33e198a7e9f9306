import { keyName, propertyName } from "./ast-names.js";

/**
 * Raw IPC (ipcMain, ipcRenderer, a web contents' or a frame's send) is allowed only in the IPC
 * bridge of each side; eslint.config.js exempts those two files. The rule follows what a file can
 * write without type information: named and namespace imports, destructuring, and a web contents
 * or frame kept in a variable (declared, assigned later, or iterated over from an array of them), in
 * a parameter typed WebContents or WebFrameMain, or in the one `app.on("web-contents-created")` hands over.
 */
const RAW_IPC_OBJECTS = new Set(["ipcMain", "ipcRenderer"]);
const SEND_METHODS = new Set(["send", "sendToFrame", "postMessage"]);
/** Properties and calls that answer a web contents or a frame: `win.webContents`, `event.sender`, `webContents.fromId(…)`. */
const ONE_PROPERTIES = new Set(["webContents", "sender", "mainFrame", "senderFrame", "focusedFrame"]);
const ONE_LOOKUPS = new Set(["fromId", "fromFrame", "fromDevToolsTargetId", "fromFrameToken", "getFocusedWebContents"]);
/**
 * Properties and calls that answer an array of them: `webContents.getAllWebContents()`, `frame.framesInSubtree`.
 * Not `frame.frames`: in a page, `window.frames[0].postMessage(…)` is the DOM's, not IPC.
 */
const LIST_PROPERTIES = new Set(["framesInSubtree"]);
const LIST_LOOKUPS = new Set(["getAllWebContents"]);
/** Array methods that answer an element, answer a part of the array, or call back with each element. */
const ELEMENT_METHODS = new Set(["at", "find", "findLast", "pop", "shift"]);
const SUBLIST_METHODS = new Set(["filter", "slice", "concat", "reverse", "sort", "toReversed", "toSorted", "values"]);
const ITERATION_METHODS = new Set(["forEach", "map", "flatMap", "filter", "find", "findLast", "some", "every"]);
const TYPE_WRAPPERS = new Set(["TSAsExpression", "TSSatisfiesExpression", "TSNonNullExpression", "ChainExpression"]);

export const rawIpc = {
  meta: {
    type: "problem",
    docs: { description: "Raw IPC only in the IPC bridge (electron/app/ipc-bridge.ts, electron/preload/preload.ts)." },
    schema: [],
    messages: {
      rawIpc:
        "Use the IPC bridge (electron/app/ipc-bridge.ts, electron/preload/preload.ts): {{name}} is banned elsewhere. See docs/architecture.md#raw-ipc.",
    },
  },
  create(context) {
    const report = (node, name) => context.report({ node, messageId: "rawIpc", data: { name } });
    /** Whether `node` answers a web contents or frame (`kind` "one") or an array of them ("list"). */
    const is = (kind, node, seen) => {
      if (TYPE_WRAPPERS.has(node?.type)) return is(kind, node.expression, seen);
      switch (node?.type) {
        case "Identifier":
          return (kind === "one" && node.name === "webContents") || variableIs(kind, node, seen);
        case "MemberExpression":
          if (node.computed && is("list", node.object, seen)) return kind === "one";
          return (kind === "one" ? ONE_PROPERTIES : LIST_PROPERTIES).has(propertyName(node));
        case "CallExpression": {
          const { callee } = node;
          if (callee.type !== "MemberExpression") return false;
          const method = propertyName(callee);
          if ((kind === "one" ? ONE_LOOKUPS : LIST_LOOKUPS).has(method)) return true;
          return (kind === "one" ? ELEMENT_METHODS : SUBLIST_METHODS).has(method) && is("list", callee.object, seen);
        }
        case "ArrayExpression":
          return (
            kind === "list" &&
            node.elements.some((element) =>
              element?.type === "SpreadElement" ? is("list", element.argument, seen) : is("one", element, seen),
            )
          );
        case "LogicalExpression":
          return is(kind, node.left, seen) || is(kind, node.right, seen);
        case "ConditionalExpression":
          return is(kind, node.consequent, seen) || is(kind, node.alternate, seen);
        default:
          return false;
      }
    };
    /** A variable is one (or a list) if any declaration, annotation or later assignment makes it so. */
    const variableIs = (kind, identifier, seen) => {
      const variable = findVariable(context.sourceCode.getScope(identifier), identifier.name);
      if (!variable || seen[kind].has(variable)) return false;
      seen[kind].add(variable);
      const written = variable.references.filter((ref) => ref.isWrite()).map((ref) => ref.identifier);
      return (
        variable.defs.some((def) => {
          if (typeIs(kind, def.name.typeAnnotation?.typeAnnotation)) return true;
          if (def.type === "ImportBinding") return kind === "one" && def.node.imported?.name === "webContents";
          if (def.type === "Parameter" && callbackParameterIs(kind, def, seen)) return true;
          return bindingIs(kind, def.name, seen);
        }) || written.some((name) => bindingIs(kind, name, seen))
      );
    };
    /** `identifier` as written in a declaration, an assignment, a destructuring or a `for … of`. */
    const bindingIs = (kind, identifier, seen) => {
      const { parent } = identifier;
      const target = parent.type === "AssignmentPattern" && parent.left === identifier ? parent : identifier;
      const holder = target.parent;
      if (kind === "one" && ONE_PROPERTIES.has(destructuredKey(identifier))) return true;
      if (target !== identifier && is(kind, target.right, seen)) return true;
      if (holder.type === "ArrayPattern") return kind === "one" && is("list", patternSource(holder), seen);
      const loop = holder.type === "VariableDeclarator" ? holder.parent.parent : holder;
      if (loop.type === "ForOfStatement" && (loop.left === holder.parent || loop.left === target)) {
        return kind === "one" && is("list", loop.right, seen);
      }
      return holder.type === "VariableDeclarator" || holder.type === "AssignmentExpression"
        ? is(kind, patternSource(target), seen)
        : false;
    };
    /** A parameter handed a web contents: each element of a list (`list.forEach((c) => …)`), or `web-contents-created`'s. */
    const callbackParameterIs = (kind, def, seen) => {
      const callback = def.node;
      const call = callback.parent;
      if (kind !== "one" || call?.type !== "CallExpression" || call.callee.type !== "MemberExpression") return false;
      if (call.arguments[0]?.value === "web-contents-created" && call.arguments[1] === callback) {
        return callback.params[1] === def.name;
      }
      return (
        call.arguments[0] === callback &&
        callback.params[0] === def.name &&
        ITERATION_METHODS.has(propertyName(call.callee)) &&
        is("list", call.callee.object, seen)
      );
    };
    return {
      ImportSpecifier(node) {
        if (RAW_IPC_OBJECTS.has(node.imported.name)) report(node, node.imported.name);
      },
      MemberExpression(node) {
        const name = propertyName(node);
        if (RAW_IPC_OBJECTS.has(name)) report(node, name);
        // The member, not the call: `contents.send.call(contents, …)` and `.bind` reach it too.
        if (SEND_METHODS.has(name) && is("one", node.object, unseen())) report(node, `webContents.${name}`);
      },
      Property(node) {
        if (node.parent.type === "ObjectPattern" && RAW_IPC_OBJECTS.has(keyName(node))) report(node, keyName(node));
      },
    };
  },
};

const unseen = () => ({ one: new Set(), list: new Set() });

/** The key under which `identifier` is destructured from an object, or null. */
function destructuredKey(identifier) {
  const property = identifier.parent.type === "AssignmentPattern" ? identifier.parent.parent : identifier.parent;
  return property.type === "Property" && property.parent.type === "ObjectPattern" ? keyName(property) : null;
}

/** The value a declaration or an assignment gives to `pattern`, or undefined. */
function patternSource(pattern) {
  const { parent } = pattern;
  if (parent.type === "VariableDeclarator" && parent.id === pattern) return parent.init;
  if (parent.type === "AssignmentExpression" && parent.left === pattern) return parent.right;
  return undefined;
}

/** `WebContents`, `Electron.WebContents` or `WebFrameMain` (`kind` "one"), or an array or set of them ("list"), possibly in a union. */
function typeIs(kind, type) {
  switch (type?.type) {
    case "TSTypeReference": {
      const { typeName } = type;
      const name = typeName.type === "Identifier" ? typeName.name : typeName.right?.name;
      if (kind === "one") return name === "WebContents" || name === "WebFrameMain";
      return (
        ["Array", "ReadonlyArray", "Set", "ReadonlySet"].includes(name) && typeIs("one", type.typeArguments?.params[0])
      );
    }
    case "TSArrayType":
      return kind === "list" && typeIs("one", type.elementType);
    case "TSUnionType":
      return type.types.some((member) => typeIs(kind, member));
    case "TSTypeOperator":
      return typeIs(kind, type.typeAnnotation);
    default:
      return false;
  }
}

function findVariable(scope, name) {
  for (let current = scope; current; current = current.upper) {
    const variable = current.set.get(name);
    if (variable) return variable;
  }
  return null;
}
