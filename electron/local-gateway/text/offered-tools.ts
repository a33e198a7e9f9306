import type { ChatCompletionRequest } from "../../../shared/gateway-api/chat-completions.ts";
import type { MessagesRequest } from "../../../shared/gateway-api/messages.ts";
import type { ModelConfig } from "../config.ts";
import { invalidParams } from "../http-error.ts";
import { countTokens } from "./tokens.ts";

/** A tool as either wire format offers it: its name, what it does, and the JSON Schema of its arguments. */
export interface OfferedTool {
  readonly name: string;
  readonly description: string;
  readonly schema: Readonly<Record<string, unknown>>;
}

/** What the request lets the model do: call a tool it names, never, always, or one tool. */
export type ToolChoice =
  { readonly mode: "auto" | "none" | "required" } | { readonly mode: "tool"; readonly name: string };

export interface ToolOffer {
  readonly tools: readonly OfferedTool[];
  readonly choice: ToolChoice;
}

/** The bounds of an offer, so one request cannot make the gateway read or count without end. */
export const TOOL_LIMITS = { count: 128, descriptionChars: 8192, schemaChars: 32_768 } as const;
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

interface WireTool {
  /** Where the tool is in the request, for the 400's message: `tools[2].function` or `tools[2]`. */
  readonly at: string;
  readonly schemaField: string;
  readonly name: string;
  readonly description: string | undefined;
  readonly schema: Record<string, unknown>;
}

function checkedTools(tools: readonly WireTool[]): OfferedTool[] {
  if (tools.length > TOOL_LIMITS.count) throw invalidParams(`tools accepts at most ${TOOL_LIMITS.count} tools`);
  const names = new Set<string>();
  return tools.map(({ at, schemaField, name, description = "", schema }) => {
    if (!TOOL_NAME.test(name)) {
      throw invalidParams(`${at}.name must be 1 to 64 letters, digits, underscores or hyphens`);
    }
    if (names.has(name)) throw invalidParams(`${at}.name: the tool name "${name}" is offered twice`);
    names.add(name);
    if (description.length > TOOL_LIMITS.descriptionChars) {
      throw invalidParams(`${at}.description is longer than ${TOOL_LIMITS.descriptionChars} characters`);
    }
    if (JSON.stringify(schema).length > TOOL_LIMITS.schemaChars) {
      throw invalidParams(`${at}.${schemaField} is longer than ${TOOL_LIMITS.schemaChars} characters as JSON`);
    }
    return { name, description, schema };
  });
}

function checkedChoice(tools: readonly OfferedTool[], choice: ToolChoice, field: string): ToolChoice {
  if (choice.mode === "tool" && !tools.some((tool) => tool.name === choice.name)) {
    throw invalidParams(`${field}: no tool named "${choice.name}" is offered in tools`);
  }
  if (choice.mode !== "auto" && choice.mode !== "none" && tools.length === 0) {
    throw invalidParams(`${field} asks for a tool call, but the request offers no tools`);
  }
  return choice;
}

/** The tools and tool choice of a chat-completions request, checked. */
export function chatCompletionsToolOffer(body: ChatCompletionRequest): ToolOffer {
  const tools = checkedTools(
    (body.tools ?? []).map(({ function: tool }, index) => ({
      at: `tools[${index}].function`,
      schemaField: "parameters",
      name: tool.name,
      description: tool.description,
      schema: tool.parameters ?? {},
    })),
  );
  const wire = body.tool_choice ?? "auto";
  const choice: ToolChoice = typeof wire === "string" ? { mode: wire } : { mode: "tool", name: wire.function.name };
  return { tools, choice: checkedChoice(tools, choice, "tool_choice") };
}

const MESSAGES_CHOICE_MODES = { auto: "auto", any: "required", none: "none" } as const;

/** The tools and tool choice of a messages-format request, checked. */
export function messagesToolOffer(body: MessagesRequest): ToolOffer {
  const tools = checkedTools(
    (body.tools ?? []).map((tool, index) => ({
      at: `tools[${index}]`,
      schemaField: "input_schema",
      name: tool.name,
      description: tool.description,
      schema: tool.input_schema,
    })),
  );
  const wire = body.tool_choice ?? { type: "auto" };
  if (wire.type !== "tool")
    return { tools, choice: checkedChoice(tools, { mode: MESSAGES_CHOICE_MODES[wire.type] }, "tool_choice") };
  if (wire.name === undefined) throw invalidParams("tool_choice.name is required when its type is tool");
  return { tools, choice: checkedChoice(tools, { mode: "tool", name: wire.name }, "tool_choice") };
}

/** Whether a model takes tools: chat models do unless their config says otherwise. */
export const takesTools = (model: ModelConfig): boolean => model.tools ?? model.kind === "chat";

/** What the offered tools add to the prompt: the tokens of their JSON, as a model reads them. */
export const toolsPromptTokens = (tools: readonly OfferedTool[]): number =>
  tools.length === 0 ? 0 : countTokens(JSON.stringify(tools));
