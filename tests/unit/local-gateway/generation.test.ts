import { describe, expect, it } from "vitest";
import { limitGeneration } from "../../../electron/local-gateway/text/generation.ts";
import { writeReply } from "../../../electron/local-gateway/text/reply-writer.ts";
import { countTokens } from "../../../electron/local-gateway/text/tokens.ts";

const answer = writeReply("chat-fast", [{ role: "user", content: "What is a tokenizer?" }]);

describe("simulated answers", () => {
  it("carry paragraphs, a list, a fenced code block and a table", () => {
    expect(answer.split("\n\n").length).toBeGreaterThan(5);
    expect(answer).toMatch(/^1\. /m);
    expect(answer).toMatch(/^```\w+$/m);
    expect(answer).toMatch(/^\| --- \| --- \| --- \|$/m);
  });

  it("stream as pieces that rebuild the text, one token each", () => {
    const generation = limitGeneration(answer, undefined);
    expect(generation.pieces.join("")).toBe(answer);
    expect(generation.outputTokens).toBe(countTokens(answer));
    expect(generation.cause).toBe("end");
  });

  it("stop at max_tokens", () => {
    const generation = limitGeneration(answer, 12);
    expect(generation.outputTokens).toBe(12);
    expect(generation.cause).toBe("max_tokens");
    expect(answer.startsWith(generation.text)).toBe(true);
  });

  it("stop before the earliest stop sequence", () => {
    const generation = limitGeneration(answer, undefined, ["table", "The short version"]);
    expect(generation.cause).toBe("stop_sequence");
    expect(generation.stopSequence).toBe("The short version");
    expect(generation.text).toBe(answer.slice(0, answer.indexOf("The short version")));
  });

  it("never split a multi-byte character across pieces", () => {
    const generation = limitGeneration("预算 🚀 résumé 你好世界", undefined);
    expect(generation.pieces.join("")).toBe("预算 🚀 résumé 你好世界");
    expect(generation.pieces.every((piece) => !piece.includes("\uFFFD"))).toBe(true);
  });
});
