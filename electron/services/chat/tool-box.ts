/** A tool a conversation offers its model: whose it is, what it is called on the wire, and its schema. */
export interface OfferedTool {
  readonly serverId: string;
  readonly server: string;
  /** Its own name on its server. */
  readonly tool: string;
  /** The name the model is given: unique among the tools offered, in the characters wire formats take. */
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export interface ToolResult {
  readonly text: string;
  readonly isError: boolean;
  readonly ms: number;
}

/** A server whose tools could not be listed for a turn, and why. */
export interface LeftOutServer {
  readonly server: string;
  readonly reason: string;
}

/** Where a chat turn's tools come from (the MCP servers in Settings), without the chat knowing how. */
export interface ToolBox {
  /** The tools of these servers (the enabled ones), named for the wire; a server that cannot list them is left out. */
  offered(
    serverIds: readonly string[],
    signal?: AbortSignal,
  ): Promise<{ tools: OfferedTool[]; leftOut: LeftOutServer[] }>;
  /** Runs one tool; a failure to reach it is thrown as a coded error, a failure the tool reports is `isError`. */
  call(tool: OfferedTool, args: Record<string, unknown>, signal: AbortSignal): Promise<ToolResult>;
}

export const NO_TOOL_BOX: ToolBox = {
  offered: () => Promise.resolve({ tools: [], leftOut: [] }),
  call: () => Promise.reject(new Error("no tools are offered")),
};
