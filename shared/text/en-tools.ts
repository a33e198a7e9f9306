import { TOOL_SERVERS_MAX, TURN_COST_CAP_MAX } from "../ipc/conversation-tools.ts";

/** What a tool-using turn and its settings say, in English; main and the schemas name these by code. */
export const toolTextsEn = {
  TOOL_SERVERS_TOO_MANY: `A conversation can offer the tools of at most ${TOOL_SERVERS_MAX} servers`,
  TURN_COST_CAP_INVALID: `The cost cap of a turn must be more than 0 and at most ${TURN_COST_CAP_MAX.toLocaleString("en-US")}`,
  TOOL_CAP_REACHED:
    "Stopped before round {{round}}: it could cost up to {{estimate}}, which would take this turn past its cost cap of {{cap}}. Raise the cap in Conversation settings to let it go on.",
  TOOL_ROUNDS_LIMIT: "Stopped after {{rounds}} rounds: a turn may use tools for at most {{rounds}} model rounds.",
  TOOLS_NOT_TAKEN:
    "This server or model does not take tools ({{model}}); the question was sent without them. Choose a model that takes tools to use them.",
  TOOL_CALL_NOT_WAITING: "This tool call is no longer waiting for an answer.",
  TOOL_CALL_NOT_RUNNING: "This tool call is no longer running.",
  TOOLS_SERVER_LEFT_OUT:
    "The tools of {{server}} could not be listed, so this turn went on without them: {{reason}} Test server in Settings → MCP servers says more.",
};
