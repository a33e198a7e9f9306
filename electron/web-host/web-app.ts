import { join } from "node:path";
import { createMainCore } from "../ipc/main-core.ts";
import { startAppServices, type AppEnvironment } from "../composition/start-app-services.ts";
import type { AppServices } from "../services/app-services.ts";
import { restrictToOwner } from "../services/store/owner-only.ts";
import { keyFileCipher } from "../services/vault/key-file-cipher.ts";
import { DATA_FILES } from "../services/store/data-files.ts";
import { settingsFile } from "./settings-file.ts";
import type { WebHostOptions } from "./web-host.ts";
import { mediaAddress } from "./host-access.ts";
import { KEY_FILE_NAME } from "./key-file-name.ts";
import { recoveryCore } from "./recovery-core.ts";
import { WebSocketBridge, type BridgeAccess } from "./ws-bridge.ts";

export interface WebApp {
  readonly services: AppServices;
  readonly bridge: WebSocketBridge;
}

/**
 * The host adapters of the web host on `dataDir`: a settings file, a key-file cipher, media over
 * HTTP at addresses that carry `mediaCapability`.
 */
export function webHostEnvironment(dataDir: string, version: string, mediaCapability: string): AppEnvironment {
  restrictToOwner(dataDir);
  return {
    host: "web",
    version,
    dataDir,
    settings: settingsFile(join(dataDir, DATA_FILES.settings)),
    cipher: keyFileCipher(join(dataDir, KEY_FILE_NAME)),
    // Node's fetch is loaded on first use of the global (undici, ~50 ms): left for the first request.
    fetch: (input, init) => fetch(input, init),
    mediaSrc: (id) => mediaAddress(mediaCapability, id),
  };
}

/** The services on the data directory, as the web host runs them. */
export async function openWebApp(
  options: WebHostOptions,
  access: BridgeAccess & { readonly mediaCapability: string },
  giveWay?: () => Promise<void>,
): Promise<WebApp> {
  const environment = webHostEnvironment(options.dataDir, options.version, access.mediaCapability);
  const services = await startAppServices(environment, {
    ...(options.profile ? { profile: options.profile } : {}),
    ...(options.localGatewayConfig ? { localGatewayConfig: options.localGatewayConfig } : {}),
    ...(giveWay ? { giveWay } : {}),
  });
  return { services, bridge: new WebSocketBridge(createMainCore(services), access) };
}

/** The bridge that stands in for the app while the data waits for recovery (recovery-core.ts). */
export function recoveryBridge(access: BridgeAccess): WebSocketBridge {
  return new WebSocketBridge(recoveryCore(), access);
}
