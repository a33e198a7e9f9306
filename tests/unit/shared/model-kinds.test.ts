import { describe, expect, it } from "vitest";
import { kindOf, preferredModel } from "../../../shared/model-kinds.ts";

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
});

describe("the code a new chat or a form starts with", () => {
  it("is a server's first code for chat when none of its names looks like a chat model", () => {
    expect(preferredModel("chat", null, ["gpt-4o-search-preview"])).toBe("gpt-4o-search-preview");
  });

  it("is none for another kind the server does not seem to offer", () => {
    expect(preferredModel("image", null, ["gpt-4o"])).toBeNull();
  });
});
