import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { McpTool } from "../../../shared/ipc/mcp.ts";
import type { AppError } from "../app-error.ts";
import { endsConnection, mcpFailure, type McpFailureContext } from "./mcp-errors.ts";
import type { McpLaunch } from "./mcp-launch.ts";
import type { McpTiming } from "./mcp-limits.ts";
import { boundedTools } from "./mcp-tool-list.ts";
import { resultText } from "./mcp-result-text.ts";
import { transportOf } from "./mcp-transport.ts";
import { StderrTail } from "./stderr-tail.ts";

const CLIENT_INFO = { name: "ModelDesk", version: "1" };
/** Pages of a tool list read at most: a server that keeps handing out cursors is not followed for ever. */
const MAX_TOOL_PAGES = 8;

/** A tool's answer as the chat gets it. */
export interface McpCallResult {
  readonly text: string;
  readonly isError: boolean;
  readonly ms: number;
}

type Step = Pick<McpFailureContext, "step" | "tool" | "timeoutMs"> & { readonly signal?: AbortSignal | undefined };

/**
 * One running server: its client, its transport and what it wrote to stderr. Once it has closed
 * (the process exited, the handshake failed, it was taken for hung) it stays closed; the manager
 * starts a new one on the next use.
 */
export class McpConnection {
  private readonly client = new Client(CLIENT_INFO, { capabilities: {} });
  private readonly tail = new StderrTail();
  private readonly transport: Transport;
  private readonly name: string;
  private readonly timing: McpTiming;
  /** The first error the transport reported during the current request: the cause, the rest its consequences. */
  private transportError: unknown = null;
  private open = true;

  private constructor(launch: McpLaunch, timing: McpTiming) {
    this.name = launch.name;
    this.timing = timing;
    this.transport = transportOf(launch, this.tail);
    this.client.onerror = (error) => (this.transportError ??= error);
    this.client.onclose = () => (this.open = false);
  }

  /** Starts the server and shakes hands within the start time; a failure stops it again. */
  static async start(launch: McpLaunch, timing: McpTiming, signal?: AbortSignal): Promise<McpConnection> {
    const connection = new McpConnection(launch, timing);
    const step: Step = { step: "start", timeoutMs: timing.startMs, signal };
    await connection.run(step, () =>
      connection.client.connect(connection.transport, { timeout: timing.startMs, signal }),
    );
    return connection;
  }

  get alive(): boolean {
    return this.open;
  }

  async listTools(signal?: AbortSignal): Promise<{ tools: McpTool[]; leftOut: number }> {
    const step: Step = { step: "list", timeoutMs: this.timing.listMs, signal };
    return this.run(step, async () => {
      const options = { timeout: this.timing.listMs, signal };
      let page = await this.client.listTools(undefined, options);
      const tools = [...page.tools];
      for (let pages = 1; page.nextCursor !== undefined && pages < MAX_TOOL_PAGES; pages++) {
        page = await this.client.listTools({ cursor: page.nextCursor }, options);
        tools.push(...page.tools);
      }
      return boundedTools(tools);
    });
  }

  async callTool(name: string, args: Record<string, unknown>, options: { signal?: AbortSignal; timeoutMs: number }) {
    const started = performance.now();
    const step: Step = { step: "call", tool: name, timeoutMs: options.timeoutMs, signal: options.signal };
    const result = await this.run(step, () =>
      this.client.callTool({ name, arguments: args }, undefined, {
        timeout: options.timeoutMs,
        signal: options.signal,
      }),
    );
    const text = "toolResult" in result ? JSON.stringify(result.toolResult) : resultText(result as CallToolResult);
    return { text, isError: result.isError === true, ms: Math.round(performance.now() - started) };
  }

  /** Stops the server (its process, its HTTP session). */
  async close(): Promise<void> {
    this.open = false;
    // The transport itself, not the client: a handshake that failed leaves the client without it.
    await this.transport.close().catch(() => undefined);
  }

  /** Runs one request; a failure comes out coded and naming the server, and closes what it broke. */
  private async run<T>(step: Step, request: () => Promise<T>): Promise<T> {
    this.transportError = null;
    try {
      return await request();
    } catch (error) {
      // The process's last words may still be on their way through the pipe.
      await new Promise((resolve) => setImmediate(resolve));
      const failure = mcpFailure(error, {
        ...step,
        server: this.name,
        stderr: this.tail.text(),
        aborted: step.signal?.aborted === true,
        transportError: this.transportError,
      });
      await this.afterFailure(failure);
      throw failure;
    }
  }

  private async afterFailure(failure: AppError): Promise<void> {
    if (endsConnection(failure)) await this.close();
    else if (failure.code === "MCP_CALL_TIMEOUT") void this.stopIfHung();
  }

  /** After a call timed out: a server that does not answer a ping either is hung, and is stopped. */
  private async stopIfHung(): Promise<void> {
    try {
      await this.client.ping({ timeout: this.timing.pingMs });
    } catch {
      await this.close();
    }
  }
}
