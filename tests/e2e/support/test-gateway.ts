import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start, type GatewayConfigInput, type RunningGateway } from "../../../electron/local-gateway/index.ts";

/** A local gateway for one spec, with the given tenants and keys. */
export function startGateway(config: GatewayConfigInput): Promise<RunningGateway> {
  return start({ port: 0, dataDir: mkdtempSync(join(tmpdir(), "modeldesk-gw-")), config: { timeScale: 0, ...config } });
}

export async function balanceOf(gateway: RunningGateway, key: string) {
  const response = await fetch(`${gateway.url}/v1/balance`, { headers: { authorization: `Bearer ${key}` } });
  return (await response.json()) as {
    balance: number;
    api_key: {
      name: string;
      daily_used: number;
      daily_remaining: number;
      daily_budget: number;
      daily_reset_at: string | null;
    };
  };
}
