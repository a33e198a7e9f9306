import { describe, expect, it } from "vitest";
import { ToolInputPolicy } from "../../../electron/services/chat/tool-input-policy.ts";
import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import { GatewayError } from "../../../electron/services/gateway-client/gateway-error.ts";

const refusal = (status: number, message: string) =>
  new GatewayError({ code: "invalid_request_error", message, status });

function policy() {
  const learnt: string[] = [];
  return { learnt, tools: new ToolInputPolicy((profileId, model) => learnt.push(`${profileId}/${model}`)) };
}

describe("a refusal of tools", () => {
  it.each([
    ["OpenAI", 400, "Unsupported parameter: 'tools' is not supported with this model."],
    ["Ollama", 400, "registry.ollama.ai/library/gemma:2b does not support tools"],
    ["llama.cpp", 400, "tools param requires --jinja flag"],
    ["a pydantic server", 422, "tools: Extra inputs are not permitted"],
    ["a proxy", 400, "Unknown parameter: tool_choice"],
  ])("is read from %s's words, learnt and said", (_, status, message) => {
    const { learnt, tools } = policy();
    expect(tools.refusalOf(refusal(status, message), "p", "m")).toMatchObject({ code: "TOOLS_NOT_TAKEN" });
    expect(learnt).toEqual(["p/m"]);
  });

  it.each([
    ["a refusal about something else", 400, "max_tokens is too large: 90000"],
    ["a malformed tool of ours", 400, "Invalid 'tools[0].function.name': string does not match pattern."],
    ["a missing tool result", 400, "An assistant message with 'tool_calls' must be followed by tool messages"],
    ["a failure that is not a refusal", 500, "tools are not supported while the server is overloaded"],
  ])("is not %s", (_, status, message) => {
    const { learnt, tools } = policy();
    expect(tools.refusalOf(refusal(status, message), "p", "m")).toBeNull();
    expect(learnt).toEqual([]);
  });

  it("is said once per model: later replies of a model known to refuse go without a word", () => {
    const { tools } = policy();
    const features = {
      balance: "unknown",
      messages: "unknown",
      search: "unknown",
      images: "unknown",
      video: "unknown",
    } as const;
    const capabilities: ServerCapabilities = {
      profileId: "p",
      models: null,
      features,
      checkedAt: null,
      toolInput: { m: "refuses", other: "takes" },
    };
    const known = (model: string) => tools.knownRefusal(capabilities, model);
    expect(known("other")).toBeNull();
    expect(known("m")?.notice).toMatchObject({ code: "TOOLS_NOT_TAKEN", params: { model: "m" } });
    expect(known("m")).toEqual({ notice: null });
  });
});
