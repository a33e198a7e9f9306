import fc from "fast-check";
import { encode } from "gpt-tokenizer";
import { describe, expect, it } from "vitest";
import { seededLetters } from "../../support/seeded-letters.ts";
import { estimateTokens } from "../../../electron/services/chat/token-estimate.ts";

describe("token estimates for a server that reported none", () => {
  it("count a short reply exactly as the tokenizer does", async () => {
    const reply = "The quick brown fox jumps over the lazy dog. ".repeat(10);
    expect(await estimateTokens([], reply)).toEqual({ inputTokens: 3, outputTokens: encode(reply).length });
  });

  it("count prose cut into pieces at its spaces within a percent of the whole count", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.stringMatching(/^[a-z]{1,12}[.,]?$/), { minLength: 200, maxLength: 3_000 }),
        async (words) => {
          const reply = words.join(" ");
          const { outputTokens } = await estimateTokens([], reply);
          expect(Math.abs(outputTokens - encode(reply).length)).toBeLessThanOrEqual(
            Math.ceil(encode(reply).length / 100),
          );
        },
      ),
      { seed: 45, numRuns: 20 },
    );
  });

  // A model stuck repeating one letter: one word of a million characters, whose whole count takes minutes.
  it("estimate a million-character word from a counted part, in proportion", async () => {
    const { outputTokens } = await estimateTokens([{ content: "a".repeat(1_000_000) }], "a".repeat(1_000_000));
    const perChar = encode("a".repeat(4_096)).length / 4_096;
    expect(outputTokens).toBeGreaterThan(1_000_000 * perChar * 0.9);
    expect(outputTokens).toBeLessThan(1_000_000 * perChar * 1.1);
  });

  it("give a figure for long runs of random letters, which the tokenizer can refuse", async () => {
    const { outputTokens } = await estimateTokens([], seededLetters(500_000, 7));
    expect(outputTokens).toBeGreaterThan(0);
  });

  it("never splits a character made of two code units", async () => {
    const reply = `${"a".repeat(511)}😀`.repeat(100);
    const { outputTokens } = await estimateTokens([], reply);
    expect(outputTokens).toBeGreaterThan(0);
  });
});
