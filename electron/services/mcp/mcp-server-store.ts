import { randomUUID } from "node:crypto";
import { MCP_LIMITS, type McpServerInput, type McpServerView } from "../../../shared/ipc/mcp.ts";
import { appError } from "../app-error.ts";
import type { SecretCipher } from "../vault/secret-cipher.ts";
import type { SettingsStore } from "../vault/settings-store.ts";
import type { McpLaunch } from "./mcp-launch.ts";
import { plainRows, rowsToStore, rowView } from "./mcp-rows.ts";
import { MCP_SERVERS_KEY, StoredMcpServersSchema, type StoredMcpServer } from "./stored-mcp-server.ts";

/**
 * The MCP servers of Settings, kept in the settings file like profiles: the secrets of their
 * environments and headers encrypted by the same cipher as API keys, and out of every view.
 */
export class McpServerStore {
  private readonly settings: SettingsStore;
  private readonly cipher: SecretCipher;

  constructor(settings: SettingsStore, cipher: SecretCipher) {
    this.settings = settings;
    this.cipher = cipher;
  }

  list(): McpServerView[] {
    return this.stored().map(viewOf);
  }

  view(id: string): McpServerView {
    return viewOf(this.find(id));
  }

  save(input: McpServerInput): McpServerView {
    const servers = this.stored();
    const existing = input.id === undefined ? undefined : servers.find((server) => server.id === input.id);
    if (input.id !== undefined && !existing) throw appError("MCP_SERVER_NOT_FOUND");
    if (!existing && servers.length >= MCP_LIMITS.servers) throw appError("MCP_TOO_MANY_SERVERS");
    const name = input.name.toLocaleLowerCase();
    if (servers.some((server) => server.id !== existing?.id && server.name.toLocaleLowerCase() === name))
      throw appError("MCP_NAME_TAKEN", { name: input.name });
    const server: StoredMcpServer = {
      id: existing?.id ?? randomUUID(),
      name: input.name,
      enabled: input.enabled,
      transport: this.transportToStore(input.transport, existing?.transport),
    };
    this.write(existing ? servers.map((each) => (each.id === server.id ? server : each)) : [...servers, server]);
    return viewOf(server);
  }

  remove(id: string): boolean {
    const servers = this.stored();
    const remaining = servers.filter((server) => server.id !== id);
    if (remaining.length === servers.length) return false;
    this.write(remaining);
    return true;
  }

  /** Main-process only: the server with its secrets decrypted, to start it. */
  launchOf(id: string): McpLaunch {
    const { name, enabled, transport } = this.find(id);
    if (transport.kind === "stdio") {
      const env = plainRows(transport.env, this.cipher, name);
      return { id, name, enabled, transport: { kind: "stdio", command: transport.command, args: transport.args, env } };
    }
    const origin = new URL(transport.url).origin;
    // A settings file edited by hand to point elsewhere does not take the secrets along.
    const bound = transport.secretOrigin === undefined || transport.secretOrigin === origin;
    const rows = bound ? transport.headers : transport.headers.filter((row) => !row.secret);
    const headers = plainRows(rows, this.cipher, name);
    return { id, name, enabled, transport: { kind: "http", url: transport.url, headers, origin } };
  }

  private transportToStore(
    input: McpServerInput["transport"],
    existing: StoredMcpServer["transport"] | undefined,
  ): StoredMcpServer["transport"] {
    if (input.kind === "stdio") {
      const stored = existing?.kind === "stdio" ? existing.env : [];
      return {
        kind: "stdio",
        command: input.command,
        args: input.args,
        env: rowsToStore(input.env, stored, this.cipher, true),
      };
    }
    const origin = new URL(input.url).origin;
    const stored = existing?.kind === "http" ? existing.headers : [];
    const sameOrigin = existing?.kind === "http" && (existing.secretOrigin ?? new URL(existing.url).origin) === origin;
    const headers = rowsToStore(input.headers, stored, this.cipher, sameOrigin);
    return { kind: "http", url: input.url, headers, secretOrigin: origin };
  }

  private find(id: string): StoredMcpServer {
    const server = this.stored().find((candidate) => candidate.id === id);
    if (!server) throw appError("MCP_SERVER_NOT_FOUND");
    return server;
  }

  private stored(): StoredMcpServer[] {
    // Refused rather than read as empty: the next save would drop every server and its secrets.
    const parsed = StoredMcpServersSchema.safeParse(this.settings.get(MCP_SERVERS_KEY) ?? []);
    if (!parsed.success) throw appError("MCP_SETTINGS_INVALID");
    return parsed.data;
  }

  private write(servers: StoredMcpServer[]): void {
    this.settings.set(MCP_SERVERS_KEY, servers);
  }
}

function viewOf({ id, name, enabled, transport }: StoredMcpServer): McpServerView {
  return {
    id,
    name,
    enabled,
    transport:
      transport.kind === "stdio"
        ? { kind: "stdio", command: transport.command, args: transport.args, env: transport.env.map(rowView) }
        : { kind: "http", url: transport.url, headers: transport.headers.map(rowView) },
  };
}
