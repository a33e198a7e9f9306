import type { McpServerInput, McpServerTools, McpServerView, McpTest, McpTool } from "../../../shared/ipc/mcp.ts";
import { AppError, appError } from "../app-error.ts";
import type { SecretCipher } from "../vault/secret-cipher.ts";
import type { SettingsStore } from "../vault/settings-store.ts";
import type { McpCallResult } from "./mcp-connection.ts";
import { McpConnections, type McpCallOptions } from "./mcp-connections.ts";
import type { McpTiming } from "./mcp-limits.ts";
import { McpServerStore } from "./mcp-server-store.ts";

/**
 * The MCP servers of Settings and their running connections, as the IPC handlers and the chat use
 * them. Saving or removing a server stops it, so the next use runs what was saved; the chat reaches
 * only enabled servers, Test server any.
 */
export class McpServers {
  readonly store: McpServerStore;
  private readonly connections: McpConnections;

  constructor(settings: SettingsStore, cipher: SecretCipher, timing: Partial<McpTiming> = {}) {
    this.store = new McpServerStore(settings, cipher);
    this.connections = new McpConnections((serverId) => this.store.launchOf(serverId), timing);
  }

  list(): McpServerView[] {
    return this.store.list();
  }

  async save(input: McpServerInput): Promise<McpServerView> {
    const view = this.store.save(input);
    await this.connections.stop(view.id);
    return view;
  }

  async remove(serverId: string): Promise<boolean> {
    const removed = this.store.remove(serverId);
    await this.connections.stop(serverId);
    return removed;
  }

  /** Test server: starts it if needed and lists its tools, enabled or not. */
  async test(serverId: string, signal?: AbortSignal): Promise<McpTest> {
    const started = performance.now();
    const listed = await this.connections.listTools(serverId, signal);
    return { ...listed, ms: Math.round(performance.now() - started) };
  }

  /** An enabled server's tools (what the chat may offer); the server is started if needed. */
  async listTools(serverId: string, signal?: AbortSignal): Promise<McpTool[]> {
    this.requireEnabled(serverId);
    return (await this.connections.listTools(serverId, signal)).tools;
  }

  /** Calls a tool of an enabled server: bounded text, `isError` as the tool said, and how long it took. */
  async callTool(
    serverId: string,
    name: string,
    args: Record<string, unknown>,
    options?: McpCallOptions,
  ): Promise<McpCallResult> {
    this.requireEnabled(serverId);
    return await this.connections.callTool(serverId, name, args, options);
  }

  /** Every enabled server's tools, or why they could not be listed; one failing server leaves the others listed. */
  enabledTools(signal?: AbortSignal): Promise<McpServerTools[]> {
    const enabled = this.list().filter((server) => server.enabled);
    return Promise.all(
      enabled.map(async ({ id, name }) => {
        try {
          return { serverId: id, name, tools: await this.listTools(id, signal), error: null };
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          return { serverId: id, name, tools: [], error: error.text };
        }
      }),
    );
  }

  /** The servers running now, by id. */
  runningIds(): string[] {
    return this.connections.runningIds();
  }

  /** Stops every server: the app is closing. */
  close(): Promise<void> {
    return this.connections.close();
  }

  private requireEnabled(serverId: string): void {
    const view = this.store.view(serverId);
    if (!view.enabled) throw appError("MCP_SERVER_DISABLED", { server: view.name });
  }
}
