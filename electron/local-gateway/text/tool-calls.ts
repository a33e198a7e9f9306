import { firstJsonObject } from "./json-in-text.ts";
import type { OfferedTool, ToolOffer } from "./offered-tools.ts";
import { argumentsFromSchema } from "./schema-defaults.ts";

/** A call the model decided to make; its id is the wire format's own (`call_…`, `toolu_…`). */
export interface PlannedCall {
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
}

const NAME_CHAR = /[a-zA-Z0-9_-]/;

/** Where a message first names the tool as a whole word (not inside a longer name); -1 when it does not. */
function namedAt(message: string, name: string): number {
  for (let at = message.indexOf(name); at !== -1; at = message.indexOf(name, at + 1)) {
    const before = message[at - 1] ?? "";
    const after = message[at + name.length] ?? "";
    if (!NAME_CHAR.test(before) && !NAME_CHAR.test(after)) return at;
  }
  return -1;
}

/**
 * Where a message names the tool: by its whole name, or, for a name in the MCP clients' form
 * `server__tool`, by the part after the last `__` (what a user calls the tool).
 */
function toolNamedAt(message: string, name: string): number {
  const whole = namedAt(message, name);
  const short = name.lastIndexOf("__") > 0 ? name.slice(name.lastIndexOf("__") + 2) : "";
  if (whole !== -1 || !short) return whole;
  return namedAt(message, short);
}

/** The tool a message names first, if any. */
function toolNamedIn(message: string, tools: readonly OfferedTool[]): OfferedTool | null {
  let first: { tool: OfferedTool; at: number } | null = null;
  for (const tool of tools) {
    const at = toolNamedAt(message, tool.name);
    if (at !== -1 && (first === null || at < first.at)) first = { tool, at };
  }
  return first?.tool ?? null;
}

function chosenTool({ tools, choice }: ToolOffer, message: string): OfferedTool | null {
  switch (choice.mode) {
    case "none":
      return null;
    case "tool":
      return tools.find((tool) => tool.name === choice.name) ?? null;
    case "required":
      return toolNamedIn(message, tools) ?? tools[0] ?? null;
    case "auto":
      return toolNamedIn(message, tools);
  }
}

/**
 * The simulated model's decision: it calls the tool the user's message names (or the one the
 * tool choice forces), with the first JSON object of the message as arguments, else arguments
 * built from the tool's schema. Null when it answers in text instead.
 */
export function plannedCall(offer: ToolOffer, message: string, newCallId: () => string): PlannedCall | null {
  const tool = chosenTool(offer, message);
  if (tool === null) return null;
  const input = firstJsonObject(message) ?? argumentsFromSchema(tool.schema);
  return { id: newCallId(), name: tool.name, input };
}

/** The sentence a messages-format answer says before its call. */
export const callLead = (call: PlannedCall) => `I'll call the tool \`${call.name}\`.`;
