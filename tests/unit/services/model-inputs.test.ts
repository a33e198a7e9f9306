import { describe, expect, it } from "vitest";
import { imageInputOf, toolInputOf } from "../../../electron/services/capabilities/model-modalities.ts";

const listOf = (...entries: Record<string, unknown>[]) => ({
  data: entries.map((entry, at) => ({ id: `m${at}`, ...entry })),
});

describe("what a model list says a model takes", () => {
  it.each([
    ["OpenRouter's supported parameters with tools", { supported_parameters: ["tools", "temperature"] }, "takes"],
    ["supported parameters without tools", { supported_parameters: ["temperature", "max_tokens"] }, "refuses"],
    ["a capabilities list naming tools", { capabilities: ["completion", "tools"] }, "takes"],
    ["a capabilities list naming tool use", { capabilities: ["tool_use"] }, "takes"],
    ["a capabilities list without them", { capabilities: ["completion", "vision"] }, "refuses"],
    ["a function-calling flag", { capabilities: { function_calling: true } }, "takes"],
    ["a tools flag set false", { capabilities: { tools: false } }, "refuses"],
  ])("tools from %s", (_, entry, said) => {
    expect(toolInputOf(listOf(entry))).toEqual({ m0: said });
  });

  it("says nothing of tools where the entry does not, or says it in a shape it cannot read", () => {
    const list = listOf({}, { supported_parameters: "tools" }, { capabilities: { tools: "yes" } }, { capabilities: 3 });
    expect(toolInputOf(list)).toEqual({});
  });

  it("reads images and tools from the same entry apart", () => {
    const list = listOf({
      architecture: { input_modalities: ["text", "image"] },
      supported_parameters: ["max_tokens"],
    });
    expect(imageInputOf(list)).toEqual({ m0: "takes" });
    expect(toolInputOf(list)).toEqual({ m0: "refuses" });
  });
});
