import { describe, expect, it } from "vitest";
import type { Comparison } from "../../../shared/ipc/compare.ts";
import { unchosenComparison } from "../../../renderer/src/panes/chat/unchosen-comparison.ts";
import { chatMessage } from "../../support/chat-message.ts";

const question = (id: string) => chatMessage({ id, role: "user", content: id });
const answer = (id: string) => chatMessage({ id, role: "assistant", content: id });

const comparison = (id: string, questionId: string, answers: string[], chosenId: string | null = null): Comparison => ({
  id,
  questionId,
  columns: answers.map((messageId) => ({ messageId, model: "chat-fast", message: null })),
  chosenId,
  createdAt: "2026-11-26T10:00:00.000Z",
});

describe("the comparison the conversation waits on", () => {
  it("is the one whose question ends the shown path", () => {
    const asked = comparison("k1", "q2", ["a2", "b2"]);
    expect(unchosenComparison([question("q1"), answer("a1"), question("q2")], [asked])).toBe(asked);
  });

  it("is none once an answer is continued with, or when the path ends at a reply or at a question not compared", () => {
    const continued = comparison("k1", "q1", ["a1", "b1"], "b1");
    expect(unchosenComparison([question("q1"), answer("b1")], [continued])).toBeNull();
    expect(unchosenComparison([question("q1"), answer("b1"), question("q2")], [continued])).toBeNull();
    expect(unchosenComparison([], [continued])).toBeNull();
    // Just chosen: the conversation, not read again yet, still ends at the question.
    expect(unchosenComparison([question("q1")], [continued])).toBeNull();
  });

  it("is the newest of a question's comparisons", () => {
    const first = comparison("k1", "q1", ["a1", "b1"]);
    const second = comparison("k2", "q1", ["a2", "b2"]);
    expect(unchosenComparison([question("q1")], [first, second])).toBe(second);
  });
});
