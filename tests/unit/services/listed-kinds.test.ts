import { describe, expect, it } from "vitest";
import { listedKindsOf, testModelsOf } from "../../../electron/services/capabilities/listed-kinds.ts";

const listOf = (...data: ({ id: string } & Record<string, unknown>)[]) => ({ data });

describe("the kind a server's model list gives a model", () => {
  it.each([
    ["the local gateway's kind", { kind: "video" }, "video"],
    ["a search kind", { kind: "search" }, "search"],
    ["Together's type", { type: "image" }, "image"],
    ["a type word in another case and spelling", { type: "Text_To_Video" }, "video"],
    ["an embedding type", { type: "embedding" }, "other"],
    ["OpenRouter's outputs, text among them", { architecture: { output_modalities: ["image", "text"] } }, "chat"],
    ["OpenRouter's outputs, a picture only", { architecture: { output_modalities: ["image"] } }, "image"],
    ["top-level outputs", { output_modalities: ["video"] }, "video"],
    ["outputs no pane uses", { output_modalities: ["embeddings"] }, "other"],
    ["OpenRouter's older modality", { architecture: { modality: "text+image->text" } }, "chat"],
    ["Mistral's chat capability", { capabilities: { completion_chat: true } }, "chat"],
    ["Mistral's embeddings", { capabilities: { completion_chat: false } }, "other"],
  ])("%s", (_, fields, kind) => {
    expect(listedKindsOf(listOf({ id: "m", ...fields }))).toEqual({ m: kind });
  });

  it("is the kind word before what the model writes", () => {
    const entry = { id: "web-search", kind: "search", architecture: { output_modalities: ["text"] } };
    expect(listedKindsOf(listOf(entry))).toEqual({ "web-search": "search" });
  });

  it("is not given by an entry that says nothing of it: OpenAI's list, or Anthropic's type model", () => {
    const list = listOf(
      { id: "gpt-4o", object: "model", owned_by: "openai" },
      { id: "claude-x", type: "model" },
      { id: "odd", kind: 7, architecture: { modality: "text" } },
    );
    expect(listedKindsOf(list)).toEqual({});
  });
});

describe("the models a list says fail on purpose", () => {
  it("are those the local gateway names a fault for, each once", () => {
    const list = listOf(
      { id: "chat-fast", kind: "chat" },
      { id: "video-timeout", kind: "video", fault: "timeout" },
      { id: "chat-upstream-error", kind: "chat", fault: "upstream" },
      { id: "chat-upstream-error", kind: "chat", fault: "upstream" },
      { id: "odd", fault: "" },
    );
    expect(testModelsOf(list)).toEqual(["chat-upstream-error", "video-timeout"]);
  });
});
