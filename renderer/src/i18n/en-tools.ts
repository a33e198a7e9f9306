/** English strings of tools in chat: the conversation's choice of servers, and each tool call's card. */
export const toolsEn = {
  tools: {
    section: "Tools",
    sectionHint: "The model may call the tools of the servers ticked here; you allow or deny every call.",
    noServers: "No MCP server is enabled. Add one in Settings → MCP servers to offer its tools.",
    useServer: "Use tools from {{name}}",
    costCap: "Cost cap per turn",
    costCapHint:
      "More than 0, up to 1,000,000, in the key's currency. A turn that uses tools stops before a round that could pass it.",
    save: "Save tools",
    saved: "Tools saved.",
    card: "Tool call: {{server}} · {{tool}}",
    arguments: "Arguments",
    result: "Result",
    allow: "Allow",
    deny: "Deny",
    alwaysAllow: "Always allow this tool",
    stopCall: "Stop call",
    ms: "{{ms}} ms",
    rounds_one: "{{count}} model round",
    rounds_other: "{{count}} model rounds",
    state: {
      waiting: "Waiting for you",
      running: "Running…",
      done: "Done",
      failed: "Failed",
      denied: "Denied",
      stopped: "Stopped",
    },
  },
};
