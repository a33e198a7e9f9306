import { z } from "zod";
import { invalid } from "../text/validation-code.ts";

/** The most MCP servers one conversation offers the tools of. */
export const TOOL_SERVERS_MAX = 8;
/** A turn's cost cap when none was chosen, in the key's currency: far above a few rounds of chat. */
export const DEFAULT_TURN_COST_CAP = 1;
export const TURN_COST_CAP_MAX = 1_000_000;
/** The most model rounds of one turn, whatever the cap: a model calling tools forever stops here. */
export const TOOL_ROUNDS_MAX = 10;

/**
 * The tools a conversation offers its model: which servers' (none: no tools), the tools the user
 * allowed for good ("serverId/tool"), and the most one turn of model rounds may cost.
 */
const ToolServersSchema = z.array(z.string().min(1).max(100)).max(TOOL_SERVERS_MAX, invalid("TOOL_SERVERS_TOO_MANY"));
const TurnCostCapSchema = z
  .number({ error: invalid("TURN_COST_CAP_INVALID") })
  .positive(invalid("TURN_COST_CAP_INVALID"))
  .max(TURN_COST_CAP_MAX, invalid("TURN_COST_CAP_INVALID"));

export const ConversationToolsSchema = z.object({
  servers: ToolServersSchema,
  alwaysAllowed: z.array(z.string().min(1).max(300)).max(256),
  turnCostCap: TurnCostCapSchema,
});
export type ConversationTools = z.infer<typeof ConversationToolsSchema>;

export const NO_TOOLS: ConversationTools = { servers: [], alwaysAllowed: [], turnCostCap: DEFAULT_TURN_COST_CAP };

/**
 * The tools an assistant gives each conversation started from it: which servers' and the turn's
 * cost cap ("always allow" stays a conversation's own). None for an assistant saved before tools.
 */
export const NO_ASSISTANT_TOOLS = { servers: [], turnCostCap: DEFAULT_TURN_COST_CAP };
export const AssistantToolsSchema = z
  .object({ servers: ToolServersSchema, turnCostCap: TurnCostCapSchema })
  .default(NO_ASSISTANT_TOOLS);

/** How a tool is named for "always allow": its server and its own name. */
export const toolKey = (serverId: string, tool: string): string => `${serverId}/${tool}`;

export const ConversationToolsRequestSchema = z.object({ conversationId: z.string().min(1).max(200) });

export const SaveConversationToolsSchema = z.object({
  conversationId: z.string().min(1).max(200),
  tools: ConversationToolsSchema,
});

/** The user's answer to a tool call waiting in a reply; `always` allows the tool for good in the conversation. */
export const ToolDecisionSchema = z.object({
  conversationId: z.string().min(1).max(200),
  messageId: z.string().min(1).max(200),
  callId: z.string().min(1).max(200),
  decision: z.enum(["allow", "deny"]),
  always: z.boolean().optional(),
});

/** Stop one running tool call alone: the turn goes on, telling the model it was stopped. */
export const ToolCallStopSchema = z.object({
  messageId: z.string().min(1).max(200),
  callId: z.string().min(1).max(200),
});
