import { describe, expect, it } from "vitest";
import { answerFromResults, HelpSearch } from "../../../electron/local-gateway/search/help-search.ts";

const search = new HelpSearch();

describe("help search", () => {
  it("ranks the page about the question first", () => {
    expect(search.search("How do I cancel a queued task?", "http://h")[0]!.title).toBe("Asynchronous tasks");
    expect(search.search("what does BUDGET_EXCEEDED mean for my monthly budget", "http://h")[0]!.title).toBe(
      "Balance and budgets",
    );
  });

  it("links results on the gateway's origin and quotes the best paragraph", () => {
    const [first] = search.search("reference image video", "http://127.0.0.1:9");
    expect(first!.url).toBe("http://127.0.0.1:9/help/videos");
    expect(first!.snippet).toContain("Reference image");
  });

  it("falls back to the general pages when nothing matches", () => {
    expect(search.search("zzzz qqqq", "http://h").map((result) => result.url)).toEqual([
      "http://h/help/getting-started",
      "http://h/help/api-keys",
    ]);
  });

  it("numbers each statement with its source", () => {
    const results = search.search("rate limit", "http://h");
    const text = answerFromResults("rate limit?", results);
    for (let n = 1; n <= results.length; n++) expect(text).toContain(`[${n}]`);
  });
});
