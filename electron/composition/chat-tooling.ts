import type { DatabaseSync } from "node:sqlite";
import type { PriceBook } from "../services/budget/price-book.ts";
import type { ConversationToolStore } from "../services/chat/conversation-tool-store.ts";
import { ToolApprovals } from "../services/chat/tool-approvals.ts";
import type { LeftOutServer, OfferedTool, ToolBox } from "../services/chat/tool-box.ts";
import { ToolInputPolicy } from "../services/chat/tool-input-policy.ts";
import type { CapabilityStore } from "../services/capabilities/capability-store.ts";
import { wireNames } from "../services/chat/tool-names.ts";
import type { Tooling } from "../services/chat/tool-turn.ts";
import { ledgerCostOf } from "../services/ledger/ledger-costs.ts";
import type { McpServers } from "../services/mcp/mcp-servers.ts";

/** The MCP servers in Settings as a chat turn's tools: the enabled ones a conversation chose, named for the wire. */
function mcpToolBox(mcp: McpServers): ToolBox {
  return {
    async offered(serverIds, signal) {
      const chosen = mcp.list().filter((server) => server.enabled && serverIds.includes(server.id));
      const leftOut: LeftOutServer[] = [];
      const listed = await Promise.all(
        chosen.map(async (server) => {
          try {
            return (await mcp.listTools(server.id, signal)).map((tool) => ({ server, tool }));
          } catch (error) {
            // Left out of this turn, which says so; Settings' Test server says more.
            leftOut.push({ server: server.name, reason: error instanceof Error ? error.message : String(error) });
            return [];
          }
        }),
      );
      const all = listed.flat();
      const names = wireNames(all.map(({ server, tool }) => ({ server: server.name, tool: tool.name })));
      const tools = all.map(({ server, tool }, index): OfferedTool => ({
        serverId: server.id,
        server: server.name,
        tool: tool.name,
        name: names[index] ?? tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
      }));
      return { tools, leftOut };
    },
    call: (tool, args, signal) => mcp.callTool(tool.serverId, tool.tool, args, { signal }),
  };
}

/**
 * What replies need to use tools, over the MCP servers, the conversations' choices, the ledger, the
 * prices and what each server said of its models.
 */
export function chatTooling(
  db: DatabaseSync,
  mcp: McpServers,
  tools: ConversationToolStore,
  { prices, capabilities }: { prices: PriceBook; capabilities: CapabilityStore },
): Tooling {
  const box = mcpToolBox(mcp);
  return {
    box,
    approvals: new ToolApprovals(),
    inputPolicy: new ToolInputPolicy((profileId, model) =>
      capabilities.learn(profileId, "toolInput", { [model]: "refuses" }),
    ),
    async turnTools(conversationId, signal) {
      const chosen = tools.get(conversationId);
      if (chosen.servers.length === 0) return null;
      const { tools: offered, leftOut } = await box.offered(chosen.servers, signal);
      return { offered, leftOut, alwaysAllowed: new Set(chosen.alwaysAllowed), cap: chosen.turnCostCap };
    },
    spentOn(messageId) {
      const cost = ledgerCostOf(db, "message_id", messageId);
      return cost ? (cost.high ?? cost.amount) : 0;
    },
    roundEstimate: (profileId, model, inputTokens, maxTokens) =>
      prices.estimate(profileId, { kind: "chat", model, inputTokens, maxTokens }).high,
  };
}
