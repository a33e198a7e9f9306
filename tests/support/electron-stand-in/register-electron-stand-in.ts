import { registerHooks } from "node:module";

const STAND_IN_URL = new URL("./electron-stand-in.ts", import.meta.url).href;
const ELECTRON_PACKAGE = "/node_modules/electron/";

/**
 * From now on, in this process, whoever imports `electron` (main by name, electron-store by name,
 * Vitest by the package's resolved file) gets the stand-in.
 */
export function registerElectronStandIn(): void {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === "electron") return { url: STAND_IN_URL, shortCircuit: true };
      const resolved = nextResolve(specifier, context);
      return resolved.url.includes(ELECTRON_PACKAGE) ? { url: STAND_IN_URL, shortCircuit: true } : resolved;
    },
  });
}
