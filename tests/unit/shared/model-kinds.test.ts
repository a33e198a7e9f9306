import { describe, expect, it } from "vitest";
import { kindOf } from "../../../shared/model-kinds.ts";

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
