import { join } from "node:path";
import Conf from "conf";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices, type AppEnvironment, type AppServices } from "../composition/app-services.ts";
import { restrictToOwner } from "../services/store/owner-only.ts";
import { keyFileCipher } from "../services/vault/key-file-cipher.ts";
import type { WebHostOptions } from "./web-host.ts";
import { WebSocketBridge } from "./ws-bridge.ts";

export interface WebApp {
  readonly services: AppServices;
  readonly bridge: WebSocketBridge;
}

/** The host adapters of the web host on `dataDir`: `conf` settings, a key-file cipher, media over HTTP. */
export function webHostEnvironment(dataDir: string, version: string): AppEnvironment {
  restrictToOwner(dataDir);
  const settings = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: "settings",
    projectName: "modeldesk",
    configFileMode: 0o600,
  });
  return {
    host: "web",
    version,
    dataDir,
    settings: { get: (key) => settings.get(key), set: (key, value) => settings.set(key, value) },
    cipher: keyFileCipher(join(dataDir, "secret.key")),
    fetch,
    mediaSrc: (id) => `/media/${id}`,
  };
}

/** The services on the data directory, as the web host runs them. */
export async function openWebApp(options: WebHostOptions): Promise<WebApp> {
  const services = await startAppServices(webHostEnvironment(options.dataDir, options.version), {
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.localGatewayConfig ? { localGatewayConfig: options.localGatewayConfig } : {}),
  });
  return { services, bridge: new WebSocketBridge(createMainCore(services)) };
}
