import { join, resolve } from "node:path";
import { ensureRendererBuild } from "./renderer-build.ts";
import { runInPlace } from "./run-child.ts";
import { WEB_HOST_NODE_FLAGS } from "./web-host-node-flags.ts";

/** `npm run web`: builds the renderer when its sources changed, then starts the web host on that build. */
const projectRoot = resolve(import.meta.dirname, "..");
const forwardedArgs = process.argv.slice(2);
const wantsHelp = forwardedArgs.includes("--help");
const rendererArgs = wantsHelp ? [] : ["--renderer", await ensureRendererBuild(projectRoot)];
runInPlace(
  process.execPath,
  [...WEB_HOST_NODE_FLAGS, join(projectRoot, "electron", "web-host", "cli.ts"), ...rendererArgs, ...forwardedArgs],
  projectRoot,
);
