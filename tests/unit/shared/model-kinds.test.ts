import { describe, expect, it } from "vitest";
import { kindOf, knownKindOf, preferredModel } from "../../../shared/model-kinds.ts";

const NO_CODES = { chat: [], search: [], image: [], video: [] };

describe("the kind a model's name hints at", () => {
  it.each([
    ["sd3-medium", "image"],
    ["sdxl-turbo", "image"],
    ["stable-diffusion-xl", "image"],
    ["dall-e-3", "image"],
    ["gpt-4o-search-preview", "search"],
    ["sora-2", "video"],
  ])("%s looks like %s", (code, kind) => {
    expect(kindOf(code, null)).toBe(kind);
  });

  it.each(["wisdom-7b", "gpt-4o", "llama-3.1-8b-instruct"])("%s is a chat model", (code) => {
    expect(kindOf(code, null)).toBe("chat");
  });

  it.each(["text-embedding-3-small", "whisper-1", "tts-1", "gpt-4o-mini-tts", "omni-moderation-latest"])(
    "%s is of a kind no pane uses",
    (code) => {
      expect(kindOf(code, null)).toBe("other");
    },
  );
});

describe("the kind someone said a model is", () => {
  const said = { modelKinds: { "studio-one": "image" as const, "image-chat": "chat" as const } };

  it("is the server's list's word over what the name hints", () => {
    expect(kindOf("studio-one", null, said)).toBe("image");
    expect(kindOf("image-chat", null, said)).toBe("chat");
  });

  it("is the profile's own list over the server's", () => {
    expect(kindOf("studio-one", { ...NO_CODES, chat: ["studio-one"] }, said)).toBe("chat");
  });

  it("is unknown where no list names the code, whatever its name", () => {
    expect(knownKindOf("dall-e-3", null, said)).toBeNull();
  });
});

describe("the code a new chat or a form starts with", () => {
  it("is a server's first code for chat when none of its names looks like a chat model", () => {
    expect(preferredModel("chat", null, ["gpt-4o-search-preview"])).toBe("gpt-4o-search-preview");
  });

  it("is not a model made to fail, nor one the server's list says is of another kind", () => {
    const said = { modelKinds: { "a-picture": "image" as const }, testModels: ["chat-timeout"] };
    expect(preferredModel("chat", null, ["a-picture", "chat-timeout", "chat-fast"], said)).toBe("chat-fast");
    expect(preferredModel("image", null, ["a-picture", "chat-fast"], said)).toBe("a-picture");
  });

  it("is none for another kind the server does not seem to offer", () => {
    expect(preferredModel("image", null, ["gpt-4o"])).toBeNull();
  });
});
