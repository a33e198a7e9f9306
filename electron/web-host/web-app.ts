import { join } from "node:path";
import Conf from "conf";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices, type AppServices } from "../services/app-services.ts";
import { keyFileCipher } from "../services/vault/key-file-cipher.ts";
import type { WebHostOptions } from "./web-host.ts";
import { WebSocketBridge } from "./ws-bridge.ts";

export interface WebApp {
  readonly services: AppServices;
  readonly bridge: WebSocketBridge;
}

/** The services on the data directory, as the web host runs them: `conf` settings, a key-file cipher. */
export async function openWebApp(options: WebHostOptions): Promise<WebApp> {
  const settings = new Conf<Record<string, unknown>>({
    cwd: options.dataDir,
    configName: "settings",
    projectName: "modeldesk",
  });
  const services = await startAppServices(
    {
      host: "web",
      version: options.version,
      dataDir: options.dataDir,
      settings: { get: (key) => settings.get(key), set: (key, value) => settings.set(key, value) },
      cipher: keyFileCipher(join(options.dataDir, "secret.key")),
      fetch,
      mediaSrc: (id) => `/media/${id}`,
    },
    {
      ...(options.profile ? { profile: options.profile } : {}),
      ...(options.localGatewayConfig ? { localGatewayConfig: options.localGatewayConfig } : {}),
    },
  );
  return { services, bridge: new WebSocketBridge(createMainCore(services)) };
}
