import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { MCP_TOOL_LIMITS, type McpTool } from "../../../shared/ipc/mcp.ts";

/**
 * A server's tools as the app offers them: at most MCP_TOOL_LIMITS.tools, each description cut
 * to its limit. A tool whose name or input schema is larger than the limits is left out (a schema
 * cannot be cut and stay one), and counted.
 */
export function boundedTools(tools: readonly Tool[]): { tools: McpTool[]; leftOut: number } {
  const kept: McpTool[] = [];
  for (const tool of tools) {
    if (kept.length === MCP_TOOL_LIMITS.tools) break;
    const schemaChars = JSON.stringify(tool.inputSchema).length;
    if (tool.name.length > MCP_TOOL_LIMITS.name || schemaChars > MCP_TOOL_LIMITS.schemaChars) continue;
    const description = (tool.description ?? "").slice(0, MCP_TOOL_LIMITS.description);
    kept.push({ name: tool.name, description, inputSchema: tool.inputSchema });
  }
  return { tools: kept, leftOut: tools.length - kept.length };
}
