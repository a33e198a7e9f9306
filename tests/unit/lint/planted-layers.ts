/** Planted code for the layer lint's test: what each breaks (or keeps), where it is planted, and the code. */
type Planted = [rule: string, path: string, code: string];

/** Each planted violation of docs/architecture.md: what it breaks, where it is planted, and the code. */
export const VIOLATIONS: Planted[] = [
  // A folder importing a folder it may not.
  [
    "local-gateway → services",
    "electron/local-gateway/planted.ts",
    'export { migrate } from "../services/store/app-database.ts";',
  ],
  [
    "services → local-gateway",
    "electron/services/planted.ts",
    'import { start } from "../local-gateway/index.ts";\nexport { start };',
  ],
  [
    "common → composition",
    "electron/common/planted.ts",
    'import { startAppServices } from "../composition/start-app-services.ts";\nexport { startAppServices };',
  ],
  [
    "app → web-host",
    "electron/app/planted.ts",
    'import { startWebHost } from "../web-host/web-host.ts";\nexport { startWebHost };',
  ],
  [
    "renderer → services",
    "renderer/src/planted.ts",
    'import { ChatService } from "../../electron/services/chat/chat-service.ts";\nexport { ChatService };',
  ],
  [
    "shared → renderer",
    "shared/planted.ts",
    'import { api } from "../renderer/src/api/desktop-api.ts";\nexport { api };',
  ],
  [
    "ipc → composition",
    "electron/ipc/planted.ts",
    'import { startAppServices } from "../composition/start-app-services.ts";\nexport { startAppServices };',
  ],
  [
    "a services folder importing another's internal file",
    "electron/services/chat/planted.ts",
    'import { LedgerStore } from "../ledger/ledger-store.ts";\nexport { LedgerStore };',
  ],
  [
    "a services folder importing another's internal file at run time",
    "electron/services/tasks/planted.ts",
    'export const m = await import("../gateway-client/header-timeout-fetch.ts");',
  ],
  ["a file in a folder the allow-list does not name", "electron/helpers/planted.ts", "export const x = 1;"],
  ["a top-level folder the allow-list does not name", "lib/planted.ts", "export const x = 1;"],
  // Node built-ins where there is no Node, by every import form.
  [
    "node:fs in renderer",
    "renderer/src/planted.ts",
    'import { readFileSync } from "node:fs";\nexport { readFileSync };',
  ],
  ["node:fs in shared", "shared/planted.ts", 'export { readFileSync } from "node:fs";'],
  [
    'a bare "fs" in renderer',
    "renderer/src/planted.ts",
    'import { readFileSync } from "fs";\nexport { readFileSync };',
  ],
  ['a bare "fs" in shared', "shared/planted.ts", 'import { readFile } from "fs/promises";\nexport { readFile };'],
  ['import("node:fs") in renderer', "renderer/src/planted.ts", 'export const fs = await import("node:fs");'],
  [
    "node:fs in the preload",
    "electron/preload/planted.ts",
    'import { readFileSync } from "node:fs";\nexport { readFileSync };',
  ],
  ['require("fs") in the preload', "electron/preload/planted.ts", 'export const fs = require("fs");'],
  ['import fs = require("fs") in shared', "shared/planted.ts", 'import fs = require("fs");\nexport { fs };'],
  [
    'process.getBuiltinModule("fs") in renderer',
    "renderer/src/planted.ts",
    'export const fs = process.getBuiltinModule("fs");',
  ],
  [
    'process.getBuiltinModule("node:fs") in shared',
    "shared/planted.ts",
    'export const fs = process.getBuiltinModule("node:fs");',
  ],
  [
    "globalThis.process.getBuiltinModule in the preload",
    "electron/preload/planted.ts",
    'export const fs = globalThis.process.getBuiltinModule("fs");',
  ],
  [
    "getBuiltinModule taken off process in renderer",
    "renderer/src/planted.ts",
    'const { getBuiltinModule: load } = process;\nexport const fs = load("fs");',
  ],
  ['module.require("fs") in shared', "shared/planted.ts", 'export const fs = module.require("fs");'],
  ['window.require("fs") in renderer', "renderer/src/planted.ts", 'export const fs = window.require("fs");'],
  ['process.binding("fs") in shared', "shared/planted.ts", 'export const fs = process.binding("fs");'],
  [
    "require kept in a variable in the preload",
    "electron/preload/planted.ts",
    'const load = require;\nexport const fs = load("fs");',
  ],
  // Packages a layer does not list: each layer allows only the packages it is written with.
  [
    "electron-store in services (it loads electron)",
    "electron/services/planted.ts",
    'import Store from "electron-store";\nexport { Store };',
  ],
  ["ws in the renderer", "renderer/src/planted.ts", 'import WebSocket from "ws";\nexport { WebSocket };'],
  ["fastify re-exported in shared", "shared/planted.ts", 'export { fastify } from "fastify";'],
  ["a package's subpath in shared", "shared/planted.ts", 'export { send } from "@fastify/send/lib/send";'],
  ["original-fs in the preload", "electron/preload/planted.ts", 'export const fs = require("original-fs");'],
  // Paths that do not start with a dot reach folders too.
  [
    "an absolute path into services from the renderer",
    "renderer/src/planted.ts",
    "export { ChatService } from '/work/main/electron/services/chat/chat-service.ts';".replace(
      "/work/main",
      process.cwd(),
    ),
  ],
  [
    "a file: URL into services from the renderer",
    "renderer/src/planted.ts",
    `export const m = await import("file://${process.cwd()}/electron/services/chat/chat-service.ts");`,
  ],
  [
    "import.meta.glob into services from the renderer",
    "renderer/src/planted.ts",
    'export const all = import.meta.glob("../../electron/services/**/*.ts");',
  ],
  [
    "a worker of services' code from the renderer",
    "renderer/src/planted.ts",
    'export const w = new Worker(new URL("../../electron/services/chat/token-estimate.ts", import.meta.url));',
  ],
  [
    "a triple-slash reference to Node's types in the renderer",
    "renderer/src/planted.ts",
    '/// <reference types="node" />\nexport const x = 1;',
  ],
  [
    "a triple-slash path into services from shared",
    "shared/planted.ts",
    '/// <reference path="../electron/services/app-services.ts" />\nexport const x = 1;',
  ],
  // Node reached without a module name the checks above see.
  [
    "a destructured process.binding in shared",
    "shared/planted.ts",
    'const { binding } = process;\nexport const fs = binding("fs");',
  ],
  [
    "module kept in a variable, then m.require",
    "shared/planted.ts",
    'const m = module;\nexport const fs = m.require("fs");',
  ],
  [
    "a createRequire renamed on import, loading a package services do not list",
    "electron/services/planted.ts",
    'import { createRequire as make } from "node:module";\nexport const store = make(import.meta.url)("electron-store");',
  ],
  // Electron outside electron/app/ and electron/preload/, by every import form.
  ["electron in services", "electron/services/planted.ts", 'import { app } from "electron";\nexport { app };'],
  ["electron in renderer", "renderer/src/planted.ts", 'import { shell } from "electron";\nexport { shell };'],
  ["electron in the composition root", "electron/composition/planted.ts", 'export { net } from "electron";'],
  [
    'import("electron") in services',
    "electron/services/planted.ts",
    'export const electron = await import("electron");',
  ],
  [
    "createRequire of electron in services",
    "electron/services/planted.ts",
    'import { createRequire } from "node:module";\nconst load = createRequire(import.meta.url);\nexport const electron = load("electron");',
  ],
  [
    "createRequire called at once in the web host",
    "electron/web-host/planted.ts",
    'import { createRequire } from "node:module";\nexport const electron = createRequire(import.meta.url)("electron");',
  ],
  [
    "typeof import(electron) in services",
    "electron/services/planted.ts",
    'export type Shell = typeof import("electron").shell;',
  ],
  [
    'process.getBuiltinModule("electron") in services',
    "electron/services/planted.ts",
    'export const electron = process.getBuiltinModule("electron");',
  ],
  // Raw IPC outside the bridge.
  ["ipcMain by name", "electron/app/planted.ts", 'import { ipcMain } from "electron";\nipcMain.handle("x", () => 1);'],
  [
    "electron.ipcMain through a namespace import",
    "electron/app/planted.ts",
    'import * as electron from "electron";\nelectron.ipcMain.handle("x", () => 1);',
  ],
  [
    "ipcMain destructured from the module",
    "electron/app/planted.ts",
    'import * as electron from "electron";\nconst { ipcMain: bus } = electron;\nbus.handle("x", () => 1);',
  ],
  [
    "webContents.send",
    "electron/app/planted.ts",
    'import type { BrowserWindow } from "electron";\nexport const f = (w: BrowserWindow) => w.webContents.send("x");',
  ],
  [
    "send on an aliased web contents",
    "electron/app/planted.ts",
    'import type { BrowserWindow } from "electron";\nexport function f(window: BrowserWindow) {\n  const contents = window.webContents;\n  contents.send("x");\n}',
  ],
  [
    "send on a parameter typed WebContents",
    "electron/app/planted.ts",
    'import type { WebContents } from "electron";\nexport const f = (target: WebContents) => target.send("x");',
  ],
  [
    "send on a destructured web contents",
    "electron/app/planted.ts",
    'import type { BrowserWindow } from "electron";\nexport function f({ webContents: wc }: BrowserWindow) {\n  wc.send("x");\n}',
  ],
  [
    "send to an invoke's sender",
    "electron/app/planted.ts",
    'import type { IpcMainInvokeEvent } from "electron";\nexport const f = (event: IpcMainInvokeEvent) => event.sender.send("x");',
  ],
  [
    "send on a web contents looked up by id",
    "electron/app/planted.ts",
    'import { webContents as all } from "electron";\nexport const f = (id: number) => all.fromId(id)?.send("x");',
  ],
  [
    "send on a let assigned a web contents later",
    "electron/app/planted.ts",
    'import type { BrowserWindow } from "electron";\nexport function f(window: BrowserWindow) {\n  let target;\n  target = window.webContents;\n  target.send("x");\n}',
  ],
  [
    "send on the first of all web contents",
    "electron/app/planted.ts",
    'import { webContents } from "electron";\nwebContents.getAllWebContents()[0].send("x");',
  ],
  [
    "send on the first window's web contents",
    "electron/app/planted.ts",
    'import { BrowserWindow } from "electron";\nBrowserWindow.getAllWindows()[0].webContents.send("x");',
  ],
  [
    "send on each of all web contents in a for…of",
    "electron/app/planted.ts",
    'import { webContents } from "electron";\nfor (const contents of webContents.getAllWebContents()) contents.send("x");',
  ],
  [
    "send on each of all web contents in a callback",
    "electron/app/planted.ts",
    'import { webContents } from "electron";\nwebContents.getAllWebContents().forEach((contents) => contents.send("x"));',
  ],
  [
    "send on a parameter typed WebContents | undefined",
    "electron/app/planted.ts",
    'import type { WebContents } from "electron";\nexport const f = (target: WebContents | undefined) => target?.send("x");',
  ],
  [
    "send on a web contents' main frame",
    "electron/app/planted.ts",
    'import type { BrowserWindow } from "electron";\nexport const f = (w: BrowserWindow) => w.webContents.mainFrame.send("x");',
  ],
  [
    "send through Function.prototype.call",
    "electron/app/planted.ts",
    'import type { WebContents } from "electron";\nexport const f = (target: WebContents) => target.send.call(target, "x");',
  ],
  [
    "send on the contents web-contents-created hands over",
    "electron/app/planted.ts",
    'import { app } from "electron";\napp.on("web-contents-created", (_event, contents) => contents.send("x"));',
  ],
];

/** Code the layer rules must let through: each is what the architecture allows. */
export const ALLOWED: Planted[] = [
  [
    "a services folder importing another's entry file, its own files and the services' root",
    "electron/services/chat/planted.ts",
    'import { ledgerCostOf } from "../ledger/ledger-costs.ts";\nimport { appError } from "../app-error.ts";\nimport { DeltaCoalescer } from "./delta-coalescer.ts";\nexport { ledgerCostOf, appError, DeltaCoalescer };',
  ],
  [
    "a host importing the composition root and common",
    "electron/web-host/planted.ts",
    'import { startAppServices } from "../composition/start-app-services.ts";\nimport { migrate } from "../common/sqlite-migrations.ts";\nexport { startAppServices, migrate };',
  ],
  [
    "ipc importing the services bundle type",
    "electron/ipc/planted.ts",
    'import type { AppServices } from "../services/app-services.ts";\nexport type X = AppServices;',
  ],
  [
    "Node in services",
    "electron/services/planted.ts",
    'import { readFile } from "node:fs/promises";\nexport { readFile };',
  ],
  [
    "Node in services by getBuiltinModule",
    "electron/services/planted.ts",
    'export const fs = process.getBuiltinModule("fs");',
  ],
  [
    "a require method of the project's own in shared",
    "shared/planted.ts",
    'export const f = (settings: { require(key: string): string }) => settings.require("path");',
  ],
  [
    "createRequire of a package in services",
    "electron/services/planted.ts",
    'import { createRequire } from "node:module";\nexport const zod = createRequire(import.meta.url)("zod");',
  ],
  ["electron in the Electron glue", "electron/app/planted.ts", 'export const electron = await import("electron");'],
  [
    "the preload's bridge",
    "electron/preload/preload.ts",
    'import { ipcRenderer } from "electron";\nipcRenderer.send("x");',
  ],
  [
    "a lazy module of the renderer's own",
    "renderer/src/planted.ts",
    'export const pane = await import("./panes/chat/chat-pane.tsx");',
  ],
  [
    "send on a socket",
    "electron/web-host/planted.ts",
    'import type { WebSocket } from "ws";\nexport const f = (socket: WebSocket) => socket.send("x");',
  ],
  [
    "send on sockets kept in a let and in an array",
    "electron/web-host/planted.ts",
    'import type { WebSocket } from "ws";\nexport function f(sockets: WebSocket[]) {\n  let target;\n  target = sockets[0];\n  target?.send("x");\n  sockets.forEach((socket) => socket.send("x"));\n}',
  ],
];
