import {
  startAppServices,
  type AppEnvironment,
  type AppServicesOptions,
} from "../../electron/composition/start-app-services.ts";
import type { AppServices } from "../../electron/services/app-services.ts";
import { webHostEnvironment as hostEnvironment } from "../../electron/web-host/web-app.ts";
import { tempDir } from "./local-gateway.ts";

/** The capability in stored media's addresses under these services. */
export const TEST_MEDIA_CAPABILITY = "0".repeat(64);

/** The host adapters the web host passes, on `dataDir`. */
export const webHostEnvironment = (dataDir: string): AppEnvironment =>
  hostEnvironment(dataDir, "0.0.0-test", TEST_MEDIA_CAPABILITY);

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
