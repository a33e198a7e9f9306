import { join } from "node:path";
import type { RunningGateway } from "../local-gateway/index.ts";
import type { ProfileVault } from "../services/vault/profile-vault.ts";
import type { AppServicesOptions } from "./app-environment.ts";

/**
 * The profile the app starts on: the gateway the host was pointed at (saved, or updated, and
 * selected), else the embedded local gateway, started here; resolves with the gateway it started.
 */
export async function startActiveProfile(
  vault: ProfileVault,
  dataDir: string,
  options: Pick<AppServicesOptions, "profile" | "localGatewayConfig">,
): Promise<RunningGateway | null> {
  if (options.profile) {
    const view = vault.save({
      ...vault.findByBaseUrl(options.profile.baseUrl),
      name: `Gateway at ${new URL(options.profile.baseUrl).host}`,
      baseUrl: options.profile.baseUrl,
      auth: "bearer",
      key: options.profile.key,
      ...(options.profile.rpm ? { rpm: options.profile.rpm } : {}),
    });
    vault.select(view.id);
    return null;
  }
  // Loaded only when it runs: a host pointed at a gateway of its own starts without its modules.
  const { start: startLocalGateway } = await import("../local-gateway/index.ts");
  const localGateway = await startLocalGateway({
    port: 0,
    dataDir: join(dataDir, "local-gateway"),
    config: options.localGatewayConfig ?? {},
  });
  vault.ensureBuiltInProfile(localGateway.url, localGateway.defaultKey, localGateway.modelsByKind);
  return localGateway;
}
