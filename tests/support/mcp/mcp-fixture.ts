import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { McpServerInput } from "../../../shared/ipc/mcp.ts";
import { AppError } from "../../../electron/services/app-error.ts";
import { McpServers } from "../../../electron/services/mcp/mcp-servers.ts";
import type { McpTiming } from "../../../electron/services/mcp/mcp-limits.ts";
import { keyFileCipher } from "../../../electron/services/vault/key-file-cipher.ts";
import { settingsFile } from "../../../electron/web-host/settings-file.ts";
import { tempDir } from "../local-gateway.ts";

/** MCP servers as the web host keeps them: a settings file and a key file in a fresh directory. */
export function mcpServersOnDisk(timing: Partial<McpTiming> = {}) {
  const dir = tempDir("mcp-");
  const settingsPath = join(dir, "settings.json");
  const settings = settingsFile(settingsPath);
  const servers = new McpServers(settings, keyFileCipher(join(dir, "key")), timing);
  return { servers, settings, settingsText: () => readFileSync(settingsPath, "utf8") };
}

/** Saves a server, enabled, under `name`. */
export const saveServer = (servers: McpServers, name: string, transport: McpServerInput["transport"]) =>
  servers.save({ name, enabled: true, transport });

/** The coded error a failing promise ends with. */
export async function codedFailure(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/** The ids of this process's children whose command line holds `marker` (Linux's /proc). */
export function childrenRunning(marker: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
        const alive = state !== "Z" && Number(parent) === process.pid;
        return alive && command.includes(marker) ? [Number(pid)] : [];
      } catch {
        return [];
      }
    });
}
