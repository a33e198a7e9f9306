import Conf from "conf";
import { join } from "node:path";
import {
  startAppServices,
  type AppEnvironment,
  type AppServices,
  type AppServicesOptions,
} from "../../electron/services/app-services.ts";
import { keyFileCipher } from "../../electron/services/vault/key-file-cipher.ts";
import { tempDir } from "./local-gateway.ts";

/** The host adapters the web host passes, on `dataDir`. */
export function webHostEnvironment(dataDir: string): AppEnvironment {
  const settings = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: "settings",
    projectName: "modeldesk-test",
  });
  return {
    host: "web",
    version: "0.0.0-test",
    dataDir,
    settings: { get: (name) => settings.get(name), set: (name, value) => settings.set(name, value) },
    cipher: keyFileCipher(join(dataDir, "secret.key")),
    fetch,
    mediaSrc: (id) => `/media/${id}`,
  };
}

/** The main-process services as the web host builds them, on a fresh data directory, using `gatewayUrl` with `key`. */
export function startServices(
  gatewayUrl: string,
  key: string,
  dataDir = tempDir("app-"),
  options: Omit<AppServicesOptions, "profile"> = {},
): Promise<AppServices> {
  // The test keys allow 1000 requests a minute; the profile says so, or the scheduler would hold polls to 60.
  return startAppServices(webHostEnvironment(dataDir), {
    ...options,
    profile: { baseUrl: gatewayUrl, key, rpm: 1000 },
  });
}
