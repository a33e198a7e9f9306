import type { McpTool } from "../../../shared/ipc/mcp.ts";
import { appError } from "../app-error.ts";
import type { McpCallResult, McpConnection } from "./mcp-connection.ts";
import type { McpLaunch } from "./mcp-launch.ts";
import { MAX_CALL_MS, MCP_TIMING, type McpTiming } from "./mcp-limits.ts";

export interface McpCallOptions {
  readonly signal?: AbortSignal;
  /** How long the call may take; the default call time when left out, at most MAX_CALL_MS. */
  readonly timeoutMs?: number;
}

/**
 * The running MCP servers, one connection each: started on first use (two first uses share one
 * start), started again on the use after one crashed, hung or failed its handshake, and all stopped
 * by close(). What starts a server comes from `launchOf`, asked at each start.
 */
export class McpConnections {
  private readonly launchOf: (serverId: string) => McpLaunch;
  private readonly timing: McpTiming;
  private readonly running = new Map<string, Promise<McpConnection>>();
  private closed = false;

  constructor(launchOf: (serverId: string) => McpLaunch, timing: Partial<McpTiming> = {}) {
    this.launchOf = launchOf;
    this.timing = { ...MCP_TIMING, ...timing };
  }

  /** The server's tools, bounded in number and size; the server is started if it is not running. */
  async listTools(serverId: string, signal?: AbortSignal): Promise<{ tools: McpTool[]; leftOut: number }> {
    return (await this.connection(serverId, signal)).listTools(signal);
  }

  /** Calls a tool; its answer comes back as bounded text, a failure as a coded error naming the server. */
  async callTool(
    serverId: string,
    name: string,
    args: Record<string, unknown>,
    options: McpCallOptions = {},
  ): Promise<McpCallResult> {
    const timeoutMs = Math.min(options.timeoutMs ?? this.timing.callMs, MAX_CALL_MS);
    const connection = await this.connection(serverId, options.signal);
    return connection.callTool(name, args, { timeoutMs, ...(options.signal ? { signal: options.signal } : {}) });
  }

  /** Stops one server (its settings changed, or it was removed); the next use starts it anew. */
  async stop(serverId: string): Promise<void> {
    const running = this.running.get(serverId);
    this.running.delete(serverId);
    await running?.then((connection) => connection.close()).catch(() => undefined);
  }

  /** Stops every server, on the app's exit; nothing starts afterwards. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.keys()].map((serverId) => this.stop(serverId)));
  }

  /** The servers running now, by id. */
  runningIds(): string[] {
    return [...this.running.keys()];
  }

  private async connection(serverId: string, signal?: AbortSignal): Promise<McpConnection> {
    for (let current = this.running.get(serverId); current; current = this.running.get(serverId)) {
      // A start shared with another use fails for both.
      const connection = await current;
      if (connection.alive) return connection;
      if (this.running.get(serverId) === current) this.running.delete(serverId);
    }
    if (this.closed) throw appError("MCP_STOPPED");
    const launch = this.launchOf(serverId);
    // The MCP SDK (some 200 modules) loads with the first server started, not with the app.
    const starting = import("./mcp-connection.ts").then(({ McpConnection }) =>
      McpConnection.start(launch, this.timing, signal),
    );
    this.running.set(serverId, starting);
    try {
      return await starting;
    } catch (error) {
      if (this.running.get(serverId) === starting) this.running.delete(serverId);
      throw error;
    }
  }
}
