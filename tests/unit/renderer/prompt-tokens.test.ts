import { describe, expect, it } from "vitest";
import { approximateTokens, promptTokens } from "../../../renderer/src/panes/chat/prompt-tokens.ts";

describe("a prompt's size before Send", () => {
  it("counts a Chinese, Japanese or Korean character as a token and four other characters as one", () => {
    expect(approximateTokens("")).toBe(0);
    expect(approximateTokens("Hello there!")).toBe(3);
    expect(approximateTokens("你好世界")).toBe(4);
    expect(approximateTokens("こんにちは 안녕 ok")).toBe(7 + 1);
  });

  it("adds the system prompt, the messages sent and the draft, framed as OpenAI counts them", () => {
    const history = [{ content: "What is 2 + 2?" }, { content: "4" }];
    expect(promptTokens("", history, "And 3 + 3?")).toBe(3 + (4 + 4) + (4 + 1) + (4 + 3));
    expect(promptTokens("Be brief.", [], "Hi")).toBe(3 + (4 + 3) + (4 + 1));
    expect(promptTokens("   ", [], "Hi")).toBe(3 + (4 + 1));
  });
});
