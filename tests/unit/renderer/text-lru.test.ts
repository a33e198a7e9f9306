import { describe, expect, it } from "vitest";
import { TextLru } from "../../../renderer/src/panes/chat/text-lru.ts";

describe("values kept by their text", () => {
  it("keeps what was put, up to its budget of characters, dropping the least recently put first", () => {
    const kept = new TextLru<number>(10);
    kept.put("aaaa", 1);
    kept.put("bbbb", 2);
    kept.put("aaaa", 3);
    kept.put("cccc", 4);
    expect(kept.peek("bbbb")).toBeUndefined();
    expect(kept.peek("aaaa")).toBe(3);
    expect(kept.peek("cccc")).toBe(4);
  });

  it("counts a text put again once", () => {
    const kept = new TextLru<number>(8);
    for (let round = 0; round < 5; round++) kept.put("aaaa", round);
    kept.put("bbbb", 9);
    expect(kept.peek("aaaa")).toBe(4);
    expect(kept.peek("bbbb")).toBe(9);
  });

  it("keeps no text longer than its whole budget, and drops nothing for it", () => {
    const kept = new TextLru<number>(4);
    kept.put("abcd", 1);
    kept.put("abcde", 2);
    expect(kept.peek("abcde")).toBeUndefined();
    expect(kept.peek("abcd")).toBe(1);
  });
});
